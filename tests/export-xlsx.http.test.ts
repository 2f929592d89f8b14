// Over real HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the documents
// export as XLSX beside the CSV — opened with read-excel-file (the reader of the writer's author): Portuguese headers,
// numbers as numbers, date-times as dates in America/Sao_Paulo, product date columns as dates; the role's masking
// policy; the unmasked file an admin's right with a reason, audited with the row count and the format.
import readXlsxFile from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
const ids: number[] = [];

async function exportXlsx(query: string, token = fx.tokens.staff) {
  return fetch(`${app.baseUrl}/api/documents/export.xlsx?filter=${encodeURIComponent("{}")}${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The POST export (the only way to the unmasked workbook): `options` besides the filter. */
async function postXlsx(options: Record<string, unknown>, token = fx.tokens.staff) {
  return fetch(`${app.baseUrl}/api/documents/export.xlsx`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ filter: {}, ...options }),
  });
}

async function sheet(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toBe(
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  );
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="documentos-\d{8}-\d{4}\.xlsx"$/);
  const [first] = await readXlsxFile(Buffer.from(await response.arrayBuffer()));
  expect(first!.sheet).toBe("Documentos");
  const [header, ...rows] = first!.data;
  return { header: header as string[], rows };
}

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  for (const [index, filled] of [
    { placa: "ABC1D23", valor_segurado: 71250.5, inicio_vigencia: "2026-03-15" },
    { placa: "=HYPERLINK(1)", valor_segurado: 1200 },
  ].entries()) {
    const response = await app.post(
      "document/create",
      {
        status_id: fx.statusIds["Novo"],
        product_id: fx.productId,
        cpf: "123.456.789-09",
        name: `Cliente ${index + 1}`,
        email: `c${index + 1}@example.com`,
        phone: "+55 11 98765-4321",
        sla_total: 24,
        filled_columns: filled,
      },
      { token: fx.tokens.staff },
    );
    const body = (await response.json()) as { id: number };
    expect(response.status).toBe(200);
    ids.push(body.id);
  }
  // 2026-01-10 12:34 UTC = 09:34 in São Paulo (UTC-3).
  await app.db.document.update({ where: { id: ids[0] }, data: { createdAt: new Date("2026-01-10T12:34:00Z") } });
});
afterAll(async () => app?.close());

describe("XLSX export", () => {
  it("has the CSV's Portuguese headers and typed cells: numbers, date-times in São Paulo, dates", async () => {
    const { header, rows } = await sheet(await exportXlsx(""));
    expect(header.slice(0, 6)).toEqual(["ID", "Protocolo", "CPF/CNPJ", "Nome", "E-mail", "Telefone"]);
    expect(header).toEqual(
      expect.arrayContaining(["Criado em", "SLA (horas)", "Valor segurado", "Início da vigência"]),
    );
    expect(rows).toHaveLength(2);
    const column = (name: string) => header.indexOf(name);
    const first = rows.find((row) => row[column("ID")] === ids[0])!;
    expect(first, "the ID cell is a number").toBeDefined();
    expect(typeof first[column("ID")]).toBe("number");
    expect(first[column("SLA (horas)")]).toBe(24);
    expect(first[column("Valor segurado")]).toBe(71250.5);
    const created = first[column("Criado em")];
    expect(created).toBeInstanceOf(Date);
    // A spreadsheet date has no zone: it holds the São Paulo wall clock (read back as that time in UTC).
    expect((created as unknown as Date).toISOString()).toBe("2026-01-10T09:34:00.000Z");
    const start = first[column("Início da vigência")];
    expect(start).toBeInstanceOf(Date);
    expect((start as unknown as Date).toISOString()).toBe("2026-03-15T00:00:00.000Z");
    expect(first[column("Status")]).toBe("Novo");
    // Text stays text (a cell that looks like a formula is a string in XLSX, never evaluated).
    const second = rows.find((row) => row[column("ID")] === ids[1])!;
    expect(second[column("Placa")]).toBe("=HYPERLINK(1)");
    // Masked by the staff role's policy, as the CSV.
    expect(first[column("CPF/CNPJ")]).toBe("***.456.789-**");
    expect(String(first[column("E-mail")])).not.toContain("c1@example.com");
  });

  it("chooses columns as the CSV does and refuses unknown ones", async () => {
    const { header } = await sheet(await exportXlsx("&columns=protocol,valor_segurado"));
    expect(header).toEqual(["Protocolo", "Valor segurado"]);
    const unknown = await exportXlsx("&columns=protocol,senha");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe("unknown_column");
  });

  it("is unmasked only for an admin with a reason, audited with the row count and the format", async () => {
    expect((await postXlsx({ unmasked: true, reason: "auditoria anual" }, fx.tokens.staff)).status).toBe(403);
    expect((await postXlsx({ unmasked: true }, fx.tokens.admin)).status).toBe(400);
    const before = await app.db.auditLog.count({ where: { action: "document.export", reason: { not: null } } });
    // Never by GET, even for an admin with a reason.
    expect((await exportXlsx("&unmasked=1&reason=auditoria%20anual", fx.tokens.admin)).status).toBe(400);
    const { header, rows } = await sheet(
      await postXlsx({ unmasked: true, reason: "auditoria anual" }, fx.tokens.admin),
    );
    expect(rows.map((row) => row[header.indexOf("CPF/CNPJ")])).toEqual(["123.456.789-09", "123.456.789-09"]);
    const entries = await app.db.auditLog.findMany({
      where: { action: "document.export", reason: { not: null } },
      orderBy: { id: "desc" },
    });
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]!.reason).toBe("auditoria anual");
    expect(entries[0]!.details).toMatchObject({ rows: 2, clear: true, format: "xlsx" });
    expect(JSON.stringify(entries[0]!.details)).not.toContain("123.456.789-09");
  });
});
