import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/server/api-tokens.ts";
import type { Db } from "@/lib/db/client.ts";
import type { DocumentListItem, SearchDocumentsResult } from "@/lib/documents/search-schema.ts";
import { normalizeIdentifier } from "@/lib/identifiers/identifiers.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

// POST /api/documents/search, /api/documents/<id>/reveal and /api/saved-filters over real HTTP on a real database.

let app: TestApp;
let alpha: InstanceFixture;
let beta: InstanceFixture;
let otherProductId: number;
const docs: Record<string, number> = {};
let sequence = 0;

const HOUR = 3_600_000;
const now = Date.now();

type DocumentSeed = {
  cpf: string;
  status: keyof InstanceFixture["statusIds"];
  productId?: number;
  modalityId?: number | null;
  createdAt: string;
  slaEnd?: Date | null;
  dateFinished?: Date | null;
  pausedAt?: Date | null;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  filledColumns?: Record<string, unknown>;
};

async function insertDocument(db: Db, fixture: InstanceFixture, seed: DocumentSeed): Promise<number> {
  sequence += 1;
  const created = new Date(seed.createdAt);
  const row = await db.document.create({
    data: {
      instanceId: fixture.instanceId,
      protocol: `T${String(sequence).padStart(4, "0")}-${fixture.slug}`,
      statusId: fixture.statusIds[seed.status],
      productId: seed.productId ?? fixture.productId,
      modalityId: seed.modalityId === undefined ? fixture.modalityIds.plain : seed.modalityId,
      cpf: seed.cpf,
      cpfDigits: normalizeIdentifier(seed.cpf),
      name: seed.name ?? null,
      email: seed.email ?? null,
      phone: seed.phone ?? null,
      slaStart: created,
      slaEnd: seed.slaEnd ?? null,
      dateFinished: seed.dateFinished ?? null,
      pausedAt: seed.pausedAt ?? null,
      filledColumns: (seed.filledColumns ?? {}) as object,
      dateTime: created,
      createdAt: created,
      updatedAt: created,
    },
  });
  return row.id;
}

async function search(body: unknown, token = alpha.tokens.viewer) {
  const response = await app.post("documents/search", body, { token });
  return { status: response.status, body: (await response.json()) as SearchDocumentsResult & { errors?: unknown } };
}

async function ids(filters: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<number[]> {
  const { status, body } = await search({ filters, page_size: 100, ...extra });
  expect(status).toBe(200);
  return body.items.map((item) => item.id);
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

beforeAll(async () => {
  app = await startTestApp();
  alpha = await createInstanceFixture(app.db, "alpha");
  beta = await createInstanceFixture(app.db, "beta");
  const other = await app.db.product.create({
    data: {
      instanceId: alpha.instanceId,
      name: "Consórcio",
      columns: { create: [{ key: "grupo", label: "Grupo", type: "string", order: 1 }] },
    },
  });
  otherProductId = other.id;
  const db = app.db;
  docs.formattedNew = await insertDocument(db, alpha, {
    cpf: "123.456.789-09",
    status: "Novo",
    createdAt: "2026-03-10T12:00:00Z",
    slaEnd: new Date(now + 10 * HOUR),
    name: "Maria da Silva",
    email: "maria.silva@example.com",
    phone: "(11) 98765-4321",
    filledColumns: { placa: "ABC1D23", valor_segurado: 50000, inicio_vigencia: "2026-04-01", nota: "livre" },
  });
  // 02:00 UTC on 11 March is 23:00 on 10 March in São Paulo.
  docs.bareAnalysisLate = await insertDocument(db, alpha, {
    cpf: "12345678909",
    status: "Em análise",
    createdAt: "2026-03-11T02:00:00Z",
    slaEnd: new Date(now - 5 * HOUR),
    name: "Maria da Silva",
    filledColumns: { placa: "XYZ9A88", valor_segurado: "120000.50", inicio_vigencia: "2026-05-20T10:00:00Z" },
  });
  docs.pausedBeforeDeadline = await insertDocument(db, alpha, {
    cpf: "12345678909",
    status: "Aguardando documentos",
    modalityId: alpha.modalityIds.businessHours,
    createdAt: "2026-03-11T03:00:00Z",
    slaEnd: new Date(now - 2 * HOUR),
    pausedAt: new Date(now - 3 * HOUR),
    filledColumns: { valor_segurado: "não informado" },
  });
  docs.finishedInTime = await insertDocument(db, alpha, {
    cpf: "111.444.777-35",
    status: "Concluído",
    createdAt: "2026-02-01T12:00:00Z",
    slaEnd: new Date(now - 48 * HOUR),
    dateFinished: new Date(now - 50 * HOUR),
  });
  docs.finishedLate = await insertDocument(db, alpha, {
    cpf: "11144477735",
    status: "Concluído",
    createdAt: "2026-02-02T12:00:00Z",
    slaEnd: new Date(now - 48 * HOUR),
    dateFinished: new Date(now - 24 * HOUR),
  });
  docs.cancelledNoSla = await insertDocument(db, alpha, {
    cpf: "11.222.333/0001-81",
    status: "Cancelado",
    productId: otherProductId,
    modalityId: null,
    createdAt: "2026-01-15T12:00:00Z",
    filledColumns: { grupo: "G-77" },
  });
  docs.betaSameCpf = await insertDocument(db, beta, {
    cpf: "123.456.789-09",
    status: "Novo",
    createdAt: "2026-03-10T12:00:00Z",
  });
});
afterAll(async () => app?.close());

describe("POST /api/documents/search filters", () => {
  it("matches a CPF typed with or without punctuation on the normalised identifier, exactly", async () => {
    const expected = sorted([docs.formattedNew!, docs.bareAnalysisLate!, docs.pausedBeforeDeadline!]);
    expect(sorted(await ids({ cpf: "123.456.789-09" }))).toEqual(expected);
    expect(sorted(await ids({ cpf: "12345678909" }))).toEqual(expected);
    expect(sorted(await ids({ cpf: " 123 456 789 09 " }))).toEqual(expected);
    expect(await ids({ cpf: "123456789" })).toEqual([]);
    expect(await ids({ cpf: "11222333000181" })).toEqual([docs.cancelledNoSla]);
  });

  it("combines CPF with one or more status categories", async () => {
    expect(sorted(await ids({ cpf: "123.456.789-09", categories: ["primary", "valid"] }))).toEqual(
      sorted([docs.formattedNew!, docs.bareAnalysisLate!]),
    );
    expect(await ids({ cpf: "123.456.789-09", categories: ["pause"] })).toEqual([docs.pausedBeforeDeadline]);
    expect(sorted(await ids({ categories: ["final", "invalid"] }))).toEqual(
      sorted([docs.finishedInTime!, docs.finishedLate!, docs.cancelledNoSla!]),
    );
    expect(await ids({ categories: ["no-such-category"] })).toEqual([]);
  });

  it("filters by product, status ids and modality", async () => {
    expect(await ids({ product_id: otherProductId })).toEqual([docs.cancelledNoSla]);
    expect(sorted(await ids({ status_ids: [alpha.statusIds.Novo, alpha.statusIds["Concluído"]] }))).toEqual(
      sorted([docs.formattedNew!, docs.finishedInTime!, docs.finishedLate!]),
    );
    expect(await ids({ modality_id: alpha.modalityIds.businessHours })).toEqual([docs.pausedBeforeDeadline]);
    // Another instance's ids match nothing here.
    expect(await ids({ status_ids: [beta.statusIds.Novo] })).toEqual([]);
  });

  it("reads the created date range as days in America/Sao_Paulo, both ends included", async () => {
    expect(sorted(await ids({ created_from: "2026-03-10", created_to: "2026-03-10" }))).toEqual(
      sorted([docs.formattedNew!, docs.bareAnalysisLate!]),
    );
    expect(await ids({ created_from: "2026-03-11" })).toEqual([docs.pausedBeforeDeadline]);
    expect(sorted(await ids({ created_to: "2026-02-01" }))).toEqual(
      sorted([docs.finishedInTime!, docs.cancelledNoSla!]),
    );
  });

  it("classifies SLA state: late, in SLA (clock stopped by finishing or pausing), no SLA", async () => {
    expect(sorted(await ids({ sla: "late" }))).toEqual(sorted([docs.bareAnalysisLate!, docs.finishedLate!]));
    expect(sorted(await ids({ sla: "in_sla" }))).toEqual(
      sorted([docs.formattedNew!, docs.pausedBeforeDeadline!, docs.finishedInTime!]),
    );
    expect(await ids({ sla: "no_sla" })).toEqual([docs.cancelledNoSla]);
    const { body } = await search({ filters: { cpf: "12345678909" }, sort: "protocol", direction: "asc" });
    expect(body.items.map((item) => item.sla_state)).toEqual(["in_sla", "late", "in_sla"]);
  });

  it("filters on product columns by their type", async () => {
    const product = alpha.productId;
    expect(await ids({ product_id: product, columns: [{ key: "placa", eq: "ABC1D23" }] })).toEqual([docs.formattedNew]);
    expect(await ids({ product_id: product, columns: [{ key: "placa", eq: "abc1d23" }] })).toEqual([]);
    expect(await ids({ product_id: product, columns: [{ key: "placa", contains: "yz9" }] })).toEqual([
      docs.bareAnalysisLate,
    ]);
    // LIKE wildcards typed by the user are literal.
    expect(await ids({ product_id: product, columns: [{ key: "placa", contains: "%" }] })).toEqual([]);
    // Numbers stored as JSON numbers or numeric text compare as numbers; other text never matches nor errors.
    expect(await ids({ product_id: product, columns: [{ key: "valor_segurado", min: 100000 }] })).toEqual([
      docs.bareAnalysisLate,
    ]);
    expect(await ids({ product_id: product, columns: [{ key: "valor_segurado", min: 1000, max: 60000 }] })).toEqual([
      docs.formattedNew,
    ]);
    expect(
      await ids({
        product_id: product,
        columns: [{ key: "inicio_vigencia", min: "2026-05-01", max: "2026-05-31" }],
      }),
    ).toEqual([docs.bareAnalysisLate]);
    expect(await ids({ product_id: product, columns: [{ key: "inicio_vigencia", max: "2026-04-01" }] })).toEqual([
      docs.formattedNew,
    ]);
  });

  it("refuses column filters the product does not define or whose type does not fit", async () => {
    const cases = [
      { product_id: alpha.productId, columns: [{ key: "nota", eq: "livre" }] },
      { columns: [{ key: "placa", eq: "ABC1D23" }] },
      { product_id: alpha.productId, columns: [{ key: "valor_segurado", contains: "5" }] },
      { product_id: alpha.productId, columns: [{ key: "placa", min: 3 }] },
      { product_id: alpha.productId, columns: [{ key: "inicio_vigencia", min: 3 }] },
      { product_id: beta.productId, columns: [{ key: "placa", eq: "ABC1D23" }] },
    ];
    for (const filters of cases) {
      const { status, body } = await search({ filters });
      expect(status, JSON.stringify(filters)).toBe(400);
      expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]));
    }
  });
});

describe("masking and reveal", () => {
  it("masks CPF, e-mail and phone (the default policy; names stay visible) and keeps only declared columns", async () => {
    const response = await app.post(
      "documents/search",
      { filters: { cpf: "12345678909" } },
      { token: alpha.tokens.admin },
    );
    const text = await response.text();
    for (const secret of ["123.456.789-09", "12345678909", "maria.silva", "98765", "livre"]) {
      expect(text).not.toContain(secret);
    }
    const item = (JSON.parse(text) as SearchDocumentsResult).items.find(
      (candidate) => candidate.id === docs.formattedNew,
    ) as DocumentListItem;
    expect(item).toMatchObject({
      cpf: "***.456.789-**",
      cpf_kind: "cpf",
      name: "Maria da Silva",
      email: "m**********@e******.com",
      phone: "(**) *****-4321",
      status: { name: "Novo", category: { key: "primary" }, text_color: "#1e3a8a", bg_color: "#dbeafe" },
      product: { id: alpha.productId, name: "Seguro Auto" },
      modality: { id: alpha.modalityIds.plain, identifier: "24x7" },
      columns: { placa: "ABC1D23", valor_segurado: 50000, inicio_vigencia: "2026-04-01" },
    });
    const cnpj = await search({ filters: { cpf: "11222333000181" } });
    expect(cnpj.body.items[0]).toMatchObject({ cpf: "***********181", cpf_kind: "cnpj" });
  });

  it("reveals one document's personal data to staff and records the reveal in its history without the values", async () => {
    const response = await app.post(`documents/${docs.formattedNew}/reveal`, "", { token: alpha.tokens.staff });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      cpf: "123.456.789-09",
      name: "Maria da Silva",
      email: "maria.silva@example.com",
      phone: "(11) 98765-4321",
    });
    const rows = await app.db.documentHistory.findMany({ where: { documentId: docs.formattedNew!, action: "reveal" } });
    expect(rows).toHaveLength(1);
    const staffToken = await app.db.apiToken.findFirstOrThrow({ where: { name: "alpha-staff" } });
    expect(rows[0]).toMatchObject({ actorType: "token", actorId: staffToken.id, actorLabel: "token:alpha-staff" });
    expect(rows[0]!.requestId).toBe(response.headers.get("x-request-id"));
    expect(JSON.stringify(rows[0]!.changes)).not.toMatch(/Maria|789|example/);

    const admin = await app.post(`documents/${docs.bareAnalysisLate}/reveal`, "", { token: alpha.tokens.admin });
    expect(admin.status).toBe(200);
    expect(await admin.json()).toMatchObject({ cpf: "12345678909" });
  });

  it("refuses viewers with 403 and writes nothing", async () => {
    const before = await app.db.documentHistory.count({ where: { action: "reveal" } });
    const response = await app.post(`documents/${docs.finishedLate}/reveal`, "", { token: alpha.tokens.viewer });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ status: "error", error: expect.stringMatching(/^Forbidden: /) });
    expect(await app.db.documentHistory.count({ where: { action: "reveal" } })).toBe(before);
  });

  it("answers 404 for another instance's document and 400 for a malformed id", async () => {
    const response = await app.post(`documents/${docs.betaSameCpf}/reveal`, "", { token: alpha.tokens.staff });
    expect(response.status).toBe(404);
    expect(await app.db.documentHistory.count({ where: { documentId: docs.betaSameCpf! } })).toBe(0);
    expect((await app.post("documents/abc/reveal", "", { token: alpha.tokens.staff })).status).toBe(400);
  });

  it("no longer serves the old one-row list reveal (the list reveals a page: POST /api/documents/reveal-page)", async () => {
    const before = await app.db.documentHistory.count({ where: { action: "reveal" } });
    const response = await app.post("documents/reveal", { id: docs.formattedNew }, { token: alpha.tokens.staff });
    // The path now falls to /api/documents/<id>, which has no POST.
    expect(response.status).toBe(405);
    expect(await app.db.documentHistory.count({ where: { action: "reveal" } })).toBe(before);
  });
});

describe("instance isolation", () => {
  it("never returns another instance's documents", async () => {
    expect(await ids({ cpf: "123.456.789-09" })).not.toContain(docs.betaSameCpf);
    const { body } = await search({ filters: {} }, beta.tokens.viewer);
    expect(body.items.map((item) => item.id)).toEqual([docs.betaSameCpf]);
    expect(body.total).toBe(1);
  });
});

describe("paging and sorting", () => {
  it("pages with a total count and no overlap", async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const { status, body } = await search({ filters: {}, page, page_size: 2 });
      expect(status).toBe(200);
      expect(body).toMatchObject({ total: 6, page, page_size: 2 });
      pages.push(body.items.map((item) => item.id));
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 0]);
    expect(sorted(pages.flat())).toEqual(sorted(Object.values(docs).filter((id) => id !== docs.betaSameCpf)));
  });

  it("sorts by created_at (default newest first), protocol, sla_end (no SLA last) and status order", async () => {
    const byCreated = await ids({});
    expect(byCreated).toEqual([
      docs.pausedBeforeDeadline,
      docs.bareAnalysisLate,
      docs.formattedNew,
      docs.finishedLate,
      docs.finishedInTime,
      docs.cancelledNoSla,
    ]);
    expect(await ids({}, { sort: "created_at", direction: "asc" })).toEqual([...byCreated].reverse());
    const protocolsAsc = (
      await search({ filters: {}, sort: "protocol", direction: "asc", page_size: 100 })
    ).body.items.map((item) => item.protocol);
    expect(protocolsAsc).toEqual([...protocolsAsc].sort());
    const protocolsDesc = (
      await search({ filters: {}, sort: "protocol", direction: "desc", page_size: 100 })
    ).body.items.map((item) => item.protocol);
    expect(protocolsDesc).toEqual([...protocolsAsc].reverse());
    const slaAsc = await ids({}, { sort: "sla_end", direction: "asc" });
    expect(slaAsc.at(-1)).toBe(docs.cancelledNoSla);
    expect(slaAsc.slice(0, 2)).toEqual(expect.arrayContaining([docs.finishedInTime, docs.finishedLate]));
    expect((await ids({}, { sort: "sla_end", direction: "desc" })).at(-1)).toBe(docs.cancelledNoSla);
    const statusNames = (await search({ filters: {}, sort: "status", direction: "asc" })).body.items.map(
      (item) => item.status.name,
    );
    expect(statusNames).toEqual(["Novo", "Em análise", "Aguardando documentos", "Concluído", "Concluído", "Cancelado"]);
    expect((await ids({}, { sort: "updated_at", direction: "asc" }))[0]).toBe(docs.cancelledNoSla);
  });
});

describe("validation", () => {
  it("answers 400 with errors[] for malformed searches", async () => {
    const cases: unknown[] = [
      { page_size: 101 },
      { page: 0 },
      { sort: "name" },
      { direction: "up" },
      { filters: { created_from: "2026-02-30" } },
      { filters: { created_from: "10/03/2026" } },
      { filters: { created_from: "2026-03-11", created_to: "2026-03-10" } },
      { filters: { sla: "overdue" } },
      { filters: { categories: "primary" } },
      { filters: { status_ids: ["1"] } },
      { filters: { unknown: 1 } },
      { reveal: true },
    ];
    for (const body of cases) {
      const { status, body: answer } = await search(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer).toMatchObject({ status: "error", error: expect.stringMatching(/^BadRequest: /) });
      expect(Array.isArray(answer.errors)).toBe(true);
    }
    const notJson = await app.post("documents/search", "{", { token: alpha.tokens.viewer });
    expect(notJson.status).toBe(400);
    expect((await app.post("documents/search", {}, { token: "dft_wrong" })).status).toBe(401);
  });
});

describe("saved filters", () => {
  it("belong to a user: create, list, refuse duplicates, delete own only; integration tokens are refused", async () => {
    const makeUser = async (email: string) => {
      const user = await app.db.user.create({
        data: { instanceId: alpha.instanceId, email, name: email, role: "viewer", passwordHash: "unused" },
      });
      const { token } = await createApiToken({
        instanceId: alpha.instanceId,
        name: `session-${email}`,
        role: "viewer",
        kind: "session",
        userId: user.id,
        expiresAt: new Date(Date.now() + HOUR),
      });
      return token;
    };
    const vera = await makeUser("vera@alpha.test");
    const otto = await makeUser("otto@alpha.test");
    const filters = { cpf: "123.456.789-09", categories: ["primary", "valid"] };

    const created = await app.post("saved-filters", { name: "Maria abertos", filters }, { token: vera });
    expect(created.status).toBe(200);
    const saved = (await created.json()) as { id: number; name: string; filters: unknown };
    expect(saved).toMatchObject({ name: "Maria abertos", filters });

    const duplicate = await app.post("saved-filters", { name: "Maria abertos", filters: {} }, { token: vera });
    expect(duplicate.status).toBe(409);
    const invalid = await app.post("saved-filters", { name: "x", filters: { sla: "soon" } }, { token: vera });
    expect(invalid.status).toBe(400);

    const list = await app.get("saved-filters", { headers: { authorization: `Bearer ${vera}` } });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([expect.objectContaining({ id: saved.id, name: "Maria abertos", filters })]);
    const othersList = await app.get("saved-filters", { headers: { authorization: `Bearer ${otto}` } });
    expect(await othersList.json()).toEqual([]);

    const del = (token: string, id: number | string) =>
      fetch(`${app.baseUrl}/api/saved-filters/${id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await del(otto, saved.id)).status).toBe(404);
    expect((await del(vera, "abc")).status).toBe(400);
    const deleted = await del(vera, saved.id);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id: saved.id, deleted: true });
    expect(await app.db.savedFilter.count({ where: { id: saved.id } })).toBe(0);

    const integration = await app.get("saved-filters", {
      headers: { authorization: `Bearer ${alpha.tokens.admin}` },
    });
    expect(integration.status).toBe(403);
  });
});

describe("filter options", () => {
  it("lists the instance's categories, statuses with colours, products with columns and modalities", async () => {
    const response = await app.post("documents/filter-options", {}, { token: alpha.tokens.viewer });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      categories: { key: string }[];
      statuses: { id: number; category_key: string }[];
      products: { id: number; columns: { key: string; type: string }[] }[];
      modalities: { id: number }[];
    };
    expect(body.categories.map((category) => category.key)).toEqual(["primary", "valid", "pause", "final", "invalid"]);
    expect(body.statuses).toHaveLength(6);
    expect(body.statuses.every((status) => Object.values(alpha.statusIds).includes(status.id))).toBe(true);
    expect(body.products.find((product) => product.id === alpha.productId)?.columns).toEqual([
      { key: "placa", label: "Placa", type: "string", required: false, options: [] },
      { key: "valor_segurado", label: "Valor segurado", type: "number", required: false, options: [] },
      { key: "inicio_vigencia", label: "Início da vigência", type: "date", required: false, options: [] },
    ]);
    expect(body.products.map((product) => product.id)).not.toContain(beta.productId);
    expect(body.modalities).toHaveLength(2);
  });
});
