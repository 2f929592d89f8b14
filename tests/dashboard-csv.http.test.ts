// Dashboard numbers, CSV export and CSV import over real HTTP on a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). Documents are created through document/create, then their dates are set with Prisma.
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_COLUMN_HEADERS, BASE_COLUMNS } from "@/lib/documents/server/export-source.ts";
import { insertBulkDocuments } from "./helpers/bulk-documents.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let other: InstanceFixture;
let productB: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T = Date.now();
const ids: Record<string, number> = {};

type Seed = {
  status: keyof InstanceFixture["statusIds"];
  product?: "A" | "B";
  created: string;
  slaEnd?: Date | null;
  finished?: string;
  modality?: string;
  extra?: Record<string, unknown>;
};

async function seed(key: string, spec: Seed) {
  const response = await app.post(
    "document/create",
    {
      status_id: fx.statusIds[spec.status],
      product_id: spec.product === "B" ? productB : fx.productId,
      cpf: "123.456.789-09",
      name: `Cliente ${key}`,
      email: `${key}@example.com`,
      phone: "+55 11 98765-4321",
      sla_total: spec.slaEnd ? 24 : null,
      ...(spec.modality ? { modality_identifier: spec.modality } : {}),
      ...spec.extra,
    },
    { token: fx.tokens.staff },
  );
  const body = (await response.json()) as any;
  expect(response.status, JSON.stringify(body)).toBe(200);
  ids[key] = body.id;
  await app.db.document.update({
    where: { id: body.id },
    data: {
      createdAt: new Date(spec.created),
      slaEnd: spec.slaEnd ?? null,
      dateFinished: spec.finished ? new Date(spec.finished) : null,
    },
  });
}

const lateBy = (days: number) => new Date(T - days * DAY);

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  other = await createInstanceFixture(app.db, "other");
  productB = (await app.db.product.create({ data: { instanceId: fx.instanceId, name: "Produto B" } })).id;
  // Product A = "Seguro Auto" (columns placa, valor_segurado, inicio_vigencia). Period under test: Jan–Feb 2026.
  await seed("a1", { status: "Novo", created: "2026-01-01T03:30:00Z" }); // 00:30 in São Paulo: inside
  await seed("a2", {
    status: "Em análise",
    created: "2026-01-10T12:00:00Z",
    slaEnd: new Date(T + 10 * HOUR),
    extra: { cpf: "111.444.777-35", name: '=HYPERLINK("http://evil.example","clique")' },
  });
  await seed("a3", {
    status: "Em análise",
    created: "2026-01-11T12:00:00Z",
    slaEnd: lateBy(0.5),
    extra: { filled_columns: { placa: "+SUM(A1:A9)" }, phone: "-1+1", email: "-2+3@evil.example" },
  });
  await seed("a4", {
    status: "Aguardando documentos",
    created: "2026-01-12T12:00:00Z",
    slaEnd: lateBy(2),
    extra: { name: 'linha 1\nlinha 2, com vírgula e "aspas"' },
  });
  await seed("a5", {
    status: "Em execução",
    created: "2026-01-13T12:00:00Z",
    slaEnd: lateBy(5),
    extra: { filled_columns: { placa: "ABC1D23", valor_segurado: -5 } },
  });
  await seed("a6", {
    status: "Novo",
    created: "2026-01-14T12:00:00Z",
    slaEnd: lateBy(10),
    extra: { filled_columns: { placa: "XYZ9999" } },
  });
  await seed("a7", { status: "Em análise", created: "2026-01-15T12:00:00Z", slaEnd: lateBy(20) });
  await seed("a8", { status: "Em análise", created: "2026-01-16T12:00:00Z", slaEnd: lateBy(45) });
  await seed("a9", { status: "Em execução", created: "2026-01-17T12:00:00Z", slaEnd: lateBy(46) });
  await seed("a10", { status: "Concluído", created: "2026-01-18T12:00:00Z", finished: "2026-01-20T15:00:00Z" });
  await seed("a11", {
    status: "Concluído",
    created: "2026-01-05T12:00:00Z",
    modality: "24x7",
    slaEnd: new Date("2026-01-16T12:00:00Z"),
    finished: "2026-01-15T12:00:00Z",
  });
  await seed("a12", {
    status: "Cancelado",
    created: "2026-01-06T12:00:00Z",
    modality: "24x7",
    slaEnd: new Date("2026-01-14T12:00:00Z"),
    finished: "2026-01-15T18:00:00Z",
  });
  await seed("a13", {
    status: "Concluído",
    created: "2026-01-20T12:00:00Z",
    slaEnd: new Date("2026-02-05T00:00:00Z"),
    finished: "2026-02-01T01:00:00Z", // 31 Jan 22:00 in São Paulo: counts for January
  });
  await seed("a14", {
    status: "Concluído",
    created: "2026-02-27T12:00:00Z",
    modality: "Horário comercial",
    slaEnd: new Date("2026-02-10T00:00:00Z"),
    finished: "2026-02-12T12:00:00Z",
  });
  await seed("a15", { status: "Em análise", created: "2026-01-01T02:30:00Z", slaEnd: lateBy(4) }); // 31 Dec in SP
  await seed("a16", {
    status: "Concluído",
    created: "2026-03-01T12:00:00Z",
    slaEnd: new Date("2026-03-05T00:00:00Z"),
    finished: "2026-03-03T00:00:00Z",
  });
  await seed("b1", { status: "Em análise", product: "B", created: "2026-01-12T12:00:00Z", slaEnd: lateBy(1.5) });
  await seed("b2", {
    status: "Concluído",
    product: "B",
    created: "2026-01-13T12:00:00Z",
    modality: "24x7",
    slaEnd: new Date("2026-01-20T00:00:00Z"),
    finished: "2026-01-19T00:00:00Z",
  });
});
afterAll(async () => app?.close());

async function dashboard(body: unknown, token = fx.tokens.viewer) {
  const response = await app.post("dashboard", body, { token });
  return { status: response.status, body: (await response.json()) as any };
}

const counts = (rows: Array<{ count: number }>) => rows.map((row) => row.count);

describe("POST /api/dashboard", () => {
  it("counts the seeded documents of a product and period exactly", async () => {
    const { status, body } = await dashboard({
      product_id: fx.productId,
      created_from: "2026-01-01",
      created_to: "2026-02-28",
    });
    expect(status).toBe(200);
    expect(body.total).toBe(14);
    expect(body.by_category.map((row: any) => [row.key, row.kind, row.count])).toEqual([
      ["primary", "open", 2],
      ["valid", "open", 6],
      ["pause", "pause", 1],
      ["final", "finished", 4],
      ["invalid", "finished", 1],
    ]);
    expect(body.sla).toEqual({ open: { in_sla: 1, late: 7, no_sla: 1 }, finished: { in_sla: 2, late: 2, no_sla: 1 } });
    expect(body.late_histogram.map((row: any) => row.bucket)).toEqual(["0-1", "1-3", "3-7", "7-15", "15-30", "30+"]);
    expect(counts(body.late_histogram)).toEqual([1, 1, 1, 1, 1, 2]);
    expect(body.compliance.granularity).toBe("month");
    expect(body.compliance.by_product).toEqual([
      { period: "2026-01-01", id: fx.productId, name: "Seguro Auto", finished: 3, within_sla: 2, rate: 2 / 3 },
      { period: "2026-02-01", id: fx.productId, name: "Seguro Auto", finished: 1, within_sla: 0, rate: 0 },
    ]);
    expect(body.compliance.by_modality).toEqual([
      { period: "2026-01-01", id: fx.modalityIds.plain, name: "24x7", finished: 2, within_sla: 1, rate: 0.5 },
      { period: "2026-01-01", id: null, name: null, finished: 1, within_sla: 1, rate: 1 },
      {
        period: "2026-02-01",
        id: fx.modalityIds.businessHours,
        name: "Horário comercial",
        finished: 1,
        within_sla: 0,
        rate: 0,
      },
    ]);
  });

  it("buckets compliance by ISO week (Monday) in São Paulo time", async () => {
    const { body } = await dashboard({
      product_id: fx.productId,
      created_from: "2026-01-01",
      created_to: "2026-02-28",
      granularity: "week",
    });
    expect(body.compliance.by_product.map((row: any) => [row.period, row.finished, row.within_sla])).toEqual([
      ["2026-01-12", 2, 1],
      ["2026-01-26", 1, 1],
      ["2026-02-09", 1, 0],
    ]);
  });

  it("without filters counts every document of the instance", async () => {
    const { body } = await dashboard({});
    expect(body.total).toBe(18);
    expect(body.sla).toEqual({ open: { in_sla: 1, late: 9, no_sla: 1 }, finished: { in_sla: 4, late: 2, no_sla: 1 } });
    expect(counts(body.late_histogram)).toEqual([1, 2, 2, 1, 1, 2]);
    expect(body.compliance.by_product.map((row: any) => [row.period, row.name, row.finished, row.within_sla])).toEqual([
      ["2026-01-01", "Produto B", 1, 1],
      ["2026-01-01", "Seguro Auto", 3, 2],
      ["2026-02-01", "Seguro Auto", 1, 0],
      ["2026-03-01", "Seguro Auto", 1, 1],
    ]);
  });

  it("filters by another product and stays inside the caller's instance", async () => {
    const b = await dashboard({ product_id: productB });
    expect(b.body.total).toBe(2);
    expect(b.body.sla).toEqual({
      open: { in_sla: 0, late: 1, no_sla: 0 },
      finished: { in_sla: 1, late: 0, no_sla: 0 },
    });
    const elsewhere = await dashboard({}, other.tokens.viewer);
    expect(elsewhere.body.total).toBe(0);
    expect(counts(elsewhere.body.late_histogram)).toEqual([0, 0, 0, 0, 0, 0]);
    // Another instance's product id does not leak its documents either.
    expect((await dashboard({ product_id: fx.productId }, other.tokens.viewer)).body.total).toBe(0);
  });

  it("refuses invalid filters and anonymous callers", async () => {
    const bad = await dashboard({ created_from: "2026-02-30", granularity: "year" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: any) => error.path).sort()).toEqual(["created_from", "granularity"]);
    const reversed = await dashboard({ created_from: "2026-03-01", created_to: "2026-01-01" });
    expect(reversed.status).toBe(400);
    expect((await app.post("dashboard", {})).status).toBe(401);
  });
});

// The Portuguese headers of the file, read back as the keys the assertions use (product columns by their label).
const KEY_OF_HEADER = new Map<string, string>([
  ...Object.entries(BASE_COLUMN_HEADERS).map(([key, header]) => [header, key] as [string, string]),
  ["Placa", "placa"],
  ["Valor segurado", "valor_segurado"],
  ["Início da vigência", "inicio_vigencia"],
]);
const BASE_HEADERS = BASE_COLUMNS.map((key) => BASE_COLUMN_HEADERS[key]);

/** The file read as a pt-BR spreadsheet reads it: a UTF-8 BOM, then `;`-separated cells (Papa with delimiter ";"). */
async function exportCsv(filter: unknown, token = fx.tokens.staff, extra = "", post?: Record<string, unknown>) {
  const query = filter === undefined ? "" : `?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
  // `post`: the POST body's options besides the filter (the only way to the unmasked file).
  const response = post
    ? await fetch(`${app.baseUrl}/api/documents/export.csv`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ filter, ...post }),
      })
    : await fetch(`${app.baseUrl}/api/documents/export.csv${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  if (response.status !== 200) return { response, bytes, text, header: [], rows: [] as Record<string, string>[] };
  expect(text.startsWith("\uFEFF")).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ";", skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...lines] = parsed.data;
  expect(lines.every((line) => line.length === header!.length)).toBe(true);
  const rows = lines.map((line) =>
    Object.fromEntries(header!.map((key, index) => [KEY_OF_HEADER.get(key) ?? key, line[index]!])),
  );
  return { response, bytes, text, header: header!, rows };
}

const idsOf = (...keys: string[]) => keys.map((key) => String(ids[key])).sort((a, b) => Number(a) - Number(b));
const exportedIds = (rows: Record<string, string>[]) => rows.map((row) => row.id);

describe("GET /api/documents/export.csv", () => {
  it("streams exactly the filtered set as a pt-BR spreadsheet: BOM, `;`, Portuguese headers, local times", async () => {
    const result = await exportCsv({ product_id: fx.productId, categories: ["final", "invalid"] });
    expect(result.response.status).toBe(200);
    expect(result.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(result.response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="documentos-\d{8}-\d{4}\.csv"$/,
    );
    expect(result.response.headers.get("x-total-count")).toBe("6");
    expect([...result.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(result.header).toEqual([...BASE_HEADERS, "Placa", "Valor segurado", "Início da vigência"]);
    expect(result.text.split("\r\n")[0]).toBe(`\uFEFF${result.header.join(";")}`);
    expect(exportedIds(result.rows)).toEqual(idsOf("a10", "a11", "a12", "a13", "a14", "a16"));
    const a12 = result.rows.find((row) => row.id === String(ids.a12))!;
    // The masking policy of the staff role (default: cpf, e-mail and phone masked, the name visible).
    expect(a12).toMatchObject({
      cpf: "***.456.789-**",
      name: "Cliente a12",
      email: "a**@e******.com",
      status: "Cancelado",
      category: "Inválidos",
      product: "Seguro Auto",
      modality: "24x7",
      sla_total: "24",
      sla_end: "14/01/2026 09:00",
      created_at: "06/01/2026 09:00",
      date_finished: "15/01/2026 15:00",
    });
  });

  it("applies every filter of the list", async () => {
    const late = await exportCsv({ sla: "late", created_from: "2026-01-01", created_to: "2026-02-28" });
    expect(exportedIds(late.rows)).toEqual(idsOf("a3", "a4", "a5", "a6", "a7", "a8", "a9", "a12", "a14", "b1"));
    expect(exportedIds((await exportCsv({ sla: "in_sla" })).rows)).toEqual(idsOf("a2", "a11", "a13", "a16", "b2"));
    expect(exportedIds((await exportCsv({ sla: "no_sla" })).rows)).toEqual(idsOf("a1", "a10"));
    expect(exportedIds((await exportCsv({ cpf: "11144477735" })).rows)).toEqual(idsOf("a2"));
    expect(exportedIds((await exportCsv({ status_ids: [fx.statusIds["Em execução"]] })).rows)).toEqual(
      idsOf("a5", "a9"),
    );
    expect(exportedIds((await exportCsv({ modality_id: fx.modalityIds.plain })).rows)).toEqual(
      idsOf("a11", "a12", "b2"),
    );
    expect(
      exportedIds((await exportCsv({ product_id: fx.productId, columns: [{ key: "placa", contains: "ABC" }] })).rows),
    ).toEqual(idsOf("a5"));
    expect(
      exportedIds(
        (await exportCsv({ product_id: fx.productId, columns: [{ key: "valor_segurado", min: -5, max: -5 }] })).rows,
      ),
    ).toEqual(idsOf("a5"));
    // São Paulo days: 02:30Z on 1 January is still 31 December there.
    expect(exportedIds((await exportCsv({ created_from: "2026-01-01", created_to: "2026-01-01" })).rows)).toEqual(
      idsOf("a1"),
    );
    const onlyB = await exportCsv({ product_id: productB });
    expect(onlyB.header).toEqual(BASE_HEADERS);
    expect(exportedIds(onlyB.rows)).toEqual(idsOf("b1", "b2"));
    expect((await exportCsv({}, other.tokens.staff)).rows).toEqual([]);
  });

  it("neutralises spreadsheet formulas and quotes commas, quotes and line breaks", async () => {
    const { rows } = await exportCsv({
      created_from: "2026-01-10",
      created_to: "2026-01-13",
      product_id: fx.productId,
    });
    const byKey = (key: string) => rows.find((row) => row.id === String(ids[key]))!;
    expect(byKey("a2").name).toBe(`'=HYPERLINK("http://evil.example","clique")`);
    expect(byKey("a3").placa).toBe("'+SUM(A1:A9)");
    // Phone and e-mail are masked by the staff role's default policy; the masks keep the formula guard.
    expect(byKey("a3").phone).toMatch(/^'-/);
    expect(byKey("a3").email).toMatch(/^'-/);
    expect(byKey("a4").name).toBe('linha 1\nlinha 2, com vírgula e "aspas"');
    expect(byKey("a5").valor_segurado).toBe("-5"); // a number, not a formula
    expect(byKey("a5").placa).toBe("ABC1D23");
  });

  it("masks personal data for viewers, and by the policy for staff and admins", async () => {
    const { rows } = await exportCsv({ product_id: fx.productId, created_to: "2026-01-10" }, fx.tokens.viewer);
    const a2 = rows.find((row) => row.id === String(ids.a2))!;
    // The list's masks (lib/documents/mask.ts); the phone keeps the formula guard since it starts with "+".
    expect(a2).toMatchObject({ cpf: "***.444.777-**", email: "a*@e******.com", phone: "'+** ** *****-4321" });
    // The default policy leaves the name visible (docs/decisions/0020-documents-list-search.md), still neutralised.
    expect(a2.name).toBe(`'=HYPERLINK("http://evil.example","clique")`);
    const a1 = rows.find((row) => row.id === String(ids.a1))!;
    expect(a1).toMatchObject({ cpf: "***.456.789-**", name: "Cliente a1" });
    // A policy that masks the name for viewers is followed by the file too.
    await app.db.maskingPolicy.upsert({
      where: { instanceId_role: { instanceId: fx.instanceId, role: "viewer" } },
      create: { instanceId: fx.instanceId, role: "viewer", maskedFields: ["cpf", "name", "email", "phone"] },
      update: { maskedFields: ["cpf", "name", "email", "phone"] },
    });
    try {
      const strict = await exportCsv({ product_id: fx.productId, created_to: "2026-01-10" }, fx.tokens.viewer);
      expect(strict.rows.find((row) => row.id === String(ids.a1))!.name).toBe("C****** a*");
    } finally {
      await app.db.maskingPolicy.deleteMany({ where: { instanceId: fx.instanceId, role: "viewer" } });
    }
    expect(rows.map((row) => row.email ?? "").filter((email) => email && !/^'?.\*+@.\*+\.\w+$/.test(email))).toEqual(
      [],
    );
    for (const token of [fx.tokens.staff, fx.tokens.admin]) {
      const masked = await exportCsv({ product_id: fx.productId, created_to: "2026-01-10" }, token);
      expect(masked.rows.find((row) => row.id === String(ids.a1))).toMatchObject({
        cpf: "***.456.789-**",
        email: "a*@e******.com",
        phone: "'+** ** *****-4321",
        name: "Cliente a1",
      });
    }
  });

  it("exports unmasked only for an admin with a reason, and audits it with the row count", async () => {
    const filter = { product_id: fx.productId, created_to: "2026-01-10" };
    const auditCount = () =>
      app.db.auditLog.count({ where: { instanceId: fx.instanceId, action: "document.export", reason: { not: null } } });
    const before = await auditCount();
    const staff = await exportCsv(filter, fx.tokens.staff, "", { unmasked: true, reason: "auditoria interna" });
    expect(staff.response.status).toBe(403);
    const noReason = await exportCsv(filter, fx.tokens.admin, "", { unmasked: true });
    expect(noReason.response.status).toBe(400);
    expect(JSON.parse(noReason.text).errors[0]).toMatchObject({ path: "reason", code: "reason_required" });
    expect(await auditCount()).toBe(before);

    // By GET it is refused, even to an admin with a reason (a link elsewhere could start it): only the POST.
    const byLink = await exportCsv(filter, fx.tokens.admin, "&unmasked=1&reason=pedido%20do%20jur%C3%ADdico");
    expect(byLink.response.status).toBe(400);
    expect(JSON.parse(byLink.text).errors[0]).toMatchObject({ path: "unmasked", code: "unmasked_export_post_only" });
    expect(await auditCount()).toBe(before);
    const full = await exportCsv(filter, fx.tokens.admin, "", { unmasked: true, reason: "pedido do jurídico" });
    expect(full.response.status).toBe(200);
    expect(full.rows.find((row) => row.id === String(ids.a1))).toMatchObject({
      cpf: "123.456.789-09",
      email: "a1@example.com",
      phone: "'+55 11 98765-4321",
    });
    const entries = await app.db.auditLog.findMany({
      where: { instanceId: fx.instanceId, action: "document.export", reason: { not: null } },
    });
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      entity: "document",
      actorType: "token",
      reason: "pedido do jurídico",
      details: expect.objectContaining({ rows: full.rows.length, clear: true }),
    });
    expect(full.rows.length).toBeGreaterThan(0);
    // Nothing personal in the audit entry itself.
    expect(JSON.stringify(entries.at(-1)!.details)).not.toMatch(/123\.456|example\.com/);
  });

  it("exports only the chosen columns, numbers with a decimal comma", async () => {
    const chosen = await exportCsv(
      { product_id: fx.productId, created_from: "2026-01-13", created_to: "2026-01-13" },
      fx.tokens.staff,
      "&columns=protocol,status,valor_segurado",
    );
    expect(chosen.header).toEqual(["Protocolo", "Status", "Valor segurado"]);
    expect(chosen.rows).toEqual([{ protocol: expect.any(String), status: "Em execução", valor_segurado: "-5" }]);
    const unknown = await exportCsv({}, fx.tokens.staff, "&columns=protocol,senha");
    expect(unknown.response.status).toBe(400);
  });

  it("pages through large sets by id without losing or repeating a row", async () => {
    const bulk = await createInstanceFixture(app.db, "bulk");
    await insertBulkDocuments(app.db, {
      instanceId: bulk.instanceId,
      statusId: bulk.statusIds["Em análise"],
      productId: bulk.productId,
      count: 2345,
    });
    const { response, rows } = await exportCsv({}, bulk.tokens.admin);
    expect(response.headers.get("x-total-count")).toBe("2345");
    expect(rows).toHaveLength(2345);
    const exported = rows.map((row) => Number(row.id));
    expect(new Set(exported).size).toBe(2345);
    expect(exported).toEqual([...exported].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({ name: 'Cliente 1, "teste"', placa: "ABC1", valor_segurado: "1" });
  });

  it("answers 400 for a bad filter and 401 without credentials", async () => {
    const bad = await exportCsv({ sla: "overdue", status_ids: ["x"] });
    expect(bad.response.status).toBe(400);
    const body = JSON.parse(bad.text);
    expect(body.errors.map((error: any) => error.path).sort()).toEqual(["filter.sla", "filter.status_ids.0"]);
    const response = await fetch(`${app.baseUrl}/api/documents/export.csv?filter=%7Bnot-json`, {
      headers: { authorization: `Bearer ${fx.tokens.viewer}` },
    });
    expect(response.status).toBe(400);
    expect((await fetch(`${app.baseUrl}/api/documents/export.csv`)).status).toBe(401);
  });
});

describe("POST /api/documents/import", () => {
  let importer: InstanceFixture;
  beforeAll(async () => {
    importer = await createInstanceFixture(app.db, "importer");
  });
  const documentCount = () => app.db.document.count({ where: { instanceId: importer.instanceId } });

  it("imports every row in one go, resolving names and ids", async () => {
    const rows = [
      {
        status: "em analise",
        product: "Seguro Auto",
        cpf: "111.444.777-35",
        name: "Maria",
        email: "maria@example.com",
        sla_total: "24",
        modality_identifier: "Importados",
        source: "csv",
        filled_columns: { placa: "AAA1A11", valor_segurado: "1234,5", origem: "planilha" },
      },
      { status: String(importer.statusIds["Concluído"]), product: String(importer.productId), cpf: "12345678909" },
      { status: "Novo", product: "seguro auto", cpf: "000123", sla_total: "" },
    ];
    const response = await app.post("documents/import", { rows }, { token: importer.tokens.staff });
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.imported).toBe(3);
    const documents = await app.db.document.findMany({
      where: { instanceId: importer.instanceId },
      orderBy: { id: "asc" },
      include: { history: true },
    });
    expect(documents.map((document) => document.id)).toEqual(body.ids);
    expect(documents[0]).toMatchObject({
      statusId: importer.statusIds["Em análise"],
      productId: importer.productId,
      cpf: "111.444.777-35",
      cpfDigits: "11144477735",
      slaTotal: 24,
      modalityIdentifier: "Importados",
      source: "csv",
      filledColumns: { placa: "AAA1A11", valor_segurado: 1234.5, origem: "planilha" },
    });
    expect(documents[0]!.slaEnd!.getTime() - documents[0]!.slaStart.getTime()).toBe(24 * HOUR);
    expect(documents[1]!.dateFinished).not.toBeNull();
    expect(documents[2]!.slaTotal).toBe(72); // an empty cell takes the product's default, as document/create does
    expect(documents.every((document) => document.history.length === 1)).toBe(true);
    expect(new Set(documents.map((document) => document.protocol)).size).toBe(3);
  });

  it("writes nothing when one row is bad, and names that row", async () => {
    const before = await documentCount();
    const rows = [
      { status: "Novo", product: "Seguro Auto", cpf: "111.444.777-35" },
      { status: "Inexistente", product: "Seguro Auto", cpf: "111.444.777-35" },
      { status: "Novo", product: "Seguro Auto", cpf: "  ", sla_total: "muitas" },
      { status: "Novo", product: "Seguro Auto", cpf: "111.444.777-35" },
    ];
    const response = await app.post("documents/import", { rows }, { token: importer.tokens.staff });
    const body = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(body.message).toMatch(/2 row\(s\) have errors; nothing was imported/);
    // Each row error also carries a code (+ params) for the UI's translated message.
    expect(body.errors).toEqual([
      {
        row: 2,
        path: "status",
        message: 'Unknown status "Inexistente"',
        code: "unknown_status",
        params: { value: "Inexistente" },
      },
      expect.objectContaining({ row: 3, path: "cpf", message: "cpf must not be empty", code: expect.any(String) }),
      expect.objectContaining({ row: 3, path: "sla_total", message: expect.any(String), code: expect.any(String) }),
    ]);
    expect(await documentCount()).toBe(before);
  });

  it("reads pt-BR numbers, refuses ambiguous ones, bad check digits and missing required columns", async () => {
    const product = await app.db.product.create({
      data: {
        instanceId: importer.instanceId,
        name: "Financiamento",
        columns: {
          create: [
            { key: "valor_fipe", label: "Valor FIPE", type: "currency", required: true },
            { key: "parcelas", label: "Parcelas", type: "number" },
            { key: "uf", label: "UF", type: "enum", options: ["SP", "RJ"] },
            { key: "inicio", label: "Início", type: "date" },
          ],
        },
      },
    });
    const base = { status: "Novo", product: "Financiamento" };
    const rows = [
      {
        ...base,
        cpf: "111.444.777-35",
        filled_columns: { valor_fipe: "76.800,00", parcelas: "12", uf: "sp", inicio: "01/03/2026" },
      },
      { ...base, cpf: "111.444.777-36", filled_columns: { valor_fipe: "71250,5" } },
      { ...base, cpf: "11.222.333/0001-81", filled_columns: { valor_fipe: "1.234" } },
      { ...base, cpf: "12345678909", filled_columns: { parcelas: "3" } },
      { ...base, cpf: "11.222.333/0001-82", filled_columns: { valor_fipe: "10", uf: "BA", inicio: "31/02/2026" } },
    ];
    const before = await documentCount();
    const refused = await app.post("documents/import", { rows }, { token: importer.tokens.staff });
    const refusedBody = (await refused.json()) as any;
    expect(refused.status).toBe(400);
    expect(await documentCount()).toBe(before);
    expect(refusedBody.errors.map((error: any) => [error.row, error.path, error.code])).toEqual([
      [2, "cpf", "cpf_invalid"],
      [3, "filled_columns.valor_fipe", "number_ambiguous"],
      [4, "filled_columns.valor_fipe", "required"],
      [5, "filled_columns.uf", "enum_option"],
      [5, "filled_columns.inicio", "date_invalid"],
      [5, "cpf", "cnpj_invalid"],
    ]);
    expect(refusedBody.errors[1].message).toMatch(/ambíguo/);

    const partial = await app.post("documents/import", { rows, valid_only: true }, { token: importer.tokens.staff });
    const body = (await partial.json()) as any;
    expect(partial.status, JSON.stringify(body)).toBe(200);
    expect(body.imported).toBe(1);
    expect(body.skipped.map((error: any) => error.row)).toEqual([2, 3, 4, 5, 5, 5]);
    const [created] = await app.db.document.findMany({ where: { id: { in: body.ids } } });
    expect(created).toMatchObject({
      productId: product.id,
      filledColumns: { valor_fipe: 76800, parcelas: 12, uf: "SP", inicio: "2026-03-01" },
    });
  });

  it("is for staff, and limits the rows per request", async () => {
    const row = { status: "Novo", product: "Seguro Auto", cpf: "111.444.777-35" };
    expect((await app.post("documents/import", { rows: [row] }, { token: importer.tokens.viewer })).status).toBe(403);
    const tooMany = await app.post(
      "documents/import",
      { rows: Array(5001).fill(row) },
      { token: importer.tokens.staff },
    );
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as any).errors[0].path).toBe("rows");
    // Another instance's catalog is not visible: its product name resolves to nothing here.
    await app.db.product.create({ data: { instanceId: other.instanceId, name: "Só do outro" } });
    const foreign = await app.post(
      "documents/import",
      { rows: [{ ...row, product: "Só do outro" }] },
      { token: importer.tokens.staff },
    );
    expect(foreign.status).toBe(400);
  });
});
