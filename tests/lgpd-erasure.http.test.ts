// Erasure follows the person: after a `done` deletion, a dump of EVERY table of the database (found from the catalog,
// every column as text) holds the CPF in no form and none of her names, e-mails or phones — except the other
// instance's own document, which is not this instance's data. A record corrected from her CPF to another person's
// stays that person's, with her values in its history masked (docs/privacy.md, "Identity over time").
// Seeds go through the real API (document create/update, observations, saved filters, settings, tokens), so the
// history, audit and filter rows have the shapes the app really writes. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/server/api-tokens.ts";
import { rotateLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { ERASURE_SCOPE } from "@/lib/lgpd/erasure-scope.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, formatCpf } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, unknown>;

const CPF = cpfFromBase(314159265);
const FORMATTED = formatCpf(CPF);
const SPACED = `${CPF.slice(0, 3)} ${CPF.slice(3, 6)} ${CPF.slice(6, 9)} ${CPF.slice(9)}`;
const NAME = "Heloísa Brandão Quintas";
const EMAIL = "heloisa.quintas@example.org";
const PHONE = "+55 (21) 98765-4321";
const LATER_ID = cpfFromBase(271828182); // the person the first document was corrected to
const LATER = { name: "Rui Renato Lobo", email: "rui.lobo@example.net", phone: "+55 (31) 97777-1212" };
const NEIGHBOUR_CPF = cpfFromBase(161803398);

/** What must appear nowhere after the deletion: the CPF with any (or no) separators, the name, e-mail and phone. */
const FORBIDDEN: { label: string; pattern: RegExp }[] = [
  // Digits in order with any separators, not inside a longer number (a CNPJ starting with them is not her CPF).
  { label: "cpf", pattern: new RegExp(`(?<!\\d)${CPF.split("").join("\\D{0,3}")}(?!\\d)`) },
  { label: "name", pattern: /helo[íi]sa\s+brand[ãa]o\s+quintas/i },
  { label: "email", pattern: /heloisa\.quintas@example\.org/i },
  { label: "phone", pattern: /98765\D{0,3}4321/ },
];

let app: TestApp;
let fx: InstanceFixture;
let elsewhere: InstanceFixture;
let lgpdKey: string;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  elsewhere = await createInstanceFixture(app.db, "outra");
  lgpdKey = (await rotateLgpdKey(fx.instanceId)).key;
});
afterAll(async () => app?.close());

async function call(method: string, route: string, body: unknown, token = fx.tokens.admin): Promise<Json> {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${route}: ${text}`).toBeLessThan(300);
  return text ? (JSON.parse(text) as Json) : {};
}

/** The rows of one table matching `where`, as the dump prints them. */
async function rowsOf(table: string, where: string): Promise<string[]> {
  const rows = await app.db.$queryRawUnsafe<{ t: string }[]>(`SELECT t::text AS t FROM "${table}" t WHERE ${where}`);
  return rows.map((row) => row.t);
}

async function createDocument(input: Json, fixture = fx): Promise<number> {
  const body = await call(
    "POST",
    "document/create",
    { status_id: fixture.statusIds["Novo"], product_id: fixture.productId, ...input },
    fixture.tokens.staff,
  );
  return Number(body.id);
}

/** Every row of every table in the database's schema, as PostgreSQL prints it (`t::text`). */
async function dumpDatabase(): Promise<{ table: string; row: string }[]> {
  const tables = await app.db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const rows: { table: string; row: string }[] = [];
  for (const { name } of tables) {
    const dumped = await app.db.$queryRawUnsafe<{ t: string }[]>(
      `SELECT t::text AS t FROM "${name.replace(/"/g, '""')}" t`,
    );
    for (const { t } of dumped) rows.push({ table: name, row: t });
  }
  return rows;
}

describe("a done deletion leaves nothing of the person behind", () => {
  it("deletes her documents, masks her in the one corrected to another person and everywhere else", async () => {
    // 1. Created with the formatted CPF, then corrected to another person: the history keeps her values.
    const renamed = await createDocument({
      cpf: FORMATTED,
      name: NAME,
      email: EMAIL,
      phone: PHONE,
      filled_columns: { contato: EMAIL },
    });
    await call(
      "POST",
      "document/updateById",
      { id: renamed, cpf: LATER_ID, ...LATER, filled_columns: { contato: LATER.email } },
      fx.tokens.staff,
    );
    await call(
      "POST",
      `documents/${renamed}/observations`,
      { text: `Ligar para ${PHONE}`, visibility: "internal" },
      fx.tokens.staff,
    );
    // 2. Bare CPF, current, with an observation and an attachment.
    const current = await createDocument({ cpf: CPF, name: NAME.toUpperCase(), email: EMAIL });
    await call(
      "POST",
      `documents/${current}/observations`,
      { text: "Documento conferido", visibility: "customer" },
      fx.tokens.staff,
    );
    await app.db.attachment.create({
      data: { documentId: current, fileName: `rg-${CPF}.pdf`, size: 3, content: Buffer.from("pdf"), authorLabel: "t" },
    });
    // Her e-mail on a status that notifies the customer: the outbox row has her address, name and protocol.
    await call("PATCH", `admin/settings/statuses/${fx.statusIds["Em análise"]}`, { notify_customer: true });
    await call("POST", "document/updateById", { id: current, status_id: fx.statusIds["Em análise"] }, fx.tokens.staff);
    expect(await app.db.outboxMessage.count({ where: { documentId: current, recipient: EMAIL } })).toBe(1);
    // 3. Another person's document that mentions her everywhere it can.
    const neighbour = await createDocument({
      cpf: NEIGHBOUR_CPF,
      name: "Otávio Neves",
      email: "otavio.neves@example.net",
      source: `indicação de ${NAME}`,
      filled_columns: { titular: CPF, conjuge_cpf: Number(CPF), nota: `ver ${SPACED}` },
    });
    await call(
      "POST",
      "document/updateById",
      { id: neighbour, filled_columns: { responsavel: `${NAME} <${EMAIL}>`, ref: FORMATTED } },
      fx.tokens.staff,
    );
    await call(
      "POST",
      `documents/${neighbour}/observations`,
      {
        text: `Cônjuge: ${NAME}, CPF ${FORMATTED}, e-mail ${EMAIL.toUpperCase()}, tel. (21) 98765-4321`,
        visibility: "internal",
      },
      fx.tokens.staff,
    );
    // A message to the neighbour that quotes an observation about her.
    await call(
      "POST",
      `documents/${neighbour}/observations`,
      { text: `Pendente: assinatura de ${NAME}`, visibility: "customer" },
      fx.tokens.staff,
    );
    await call(
      "POST",
      "document/updateById",
      { id: neighbour, status_id: fx.statusIds["Em análise"] },
      fx.tokens.staff,
    );
    // A CNPJ that merely starts with her CPF's digits is someone else's identifier: it stays readable.
    const cnpjMention = `CNPJ ${CPF}000`;
    await call(
      "POST",
      `documents/${neighbour}/observations`,
      { text: cnpjMention, visibility: "internal" },
      fx.tokens.staff,
    );

    // 4. A staff member's saved filter with the CPF and her name.
    const staff = await app.db.user.create({
      data: { instanceId: fx.instanceId, email: "vera@empresa.test", name: "Vera", role: "staff", passwordHash: "x" },
    });
    const { token: session } = await createApiToken({
      instanceId: fx.instanceId,
      name: "session-vera",
      role: "staff",
      kind: "session",
      userId: staff.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await call("POST", "saved-filters", { name: `Caso ${NAME}`, filters: { cpf: FORMATTED } }, session);
    await call("POST", "saved-filters", { name: "Abertos", filters: { cpf: NEIGHBOUR_CPF } }, session);

    // 5. Audit rows: a status description and an integration token name that mention her.
    const statusId = fx.statusIds["Novo"]!;
    await call("PATCH", `admin/settings/statuses/${statusId}`, { description: `Aguardando ${NAME} (${FORMATTED})` });
    await call("POST", "admin/tokens", { name: `integração ${EMAIL}`, role: "viewer" });

    // 6. The same CPF in another instance: that instance's data, untouched.
    const foreign = await createDocument({ cpf: FORMATTED, name: "Outra Pessoa" }, elsewhere);

    // Its rows are expected to keep the CPF: they are not this instance's data.
    const foreignRows = new Set([
      ...(await rowsOf("Document", `id = ${foreign}`)),
      ...(await rowsOf("DocumentHistory", `"documentId" = ${foreign}`)),
    ]);
    expect(foreignRows.size).toBe(2);

    // Before the deletion, the dump finds her in many places (the search itself works).
    const before = await dumpDatabase();
    for (const { label, pattern } of FORBIDDEN) {
      expect(before.filter(({ row }) => pattern.test(row)).length, label).toBeGreaterThan(1);
    }

    const currentHistory = await app.db.documentHistory.count({ where: { documentId: current } });
    const requested = await fetch(`${app.baseUrl}/api/lgpd/${fx.slug}/request`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": lgpdKey },
      body: JSON.stringify({ cpf: SPACED.replace(/ /g, "") }),
    });
    expect(requested.status).toBe(200);
    const { results } = await processDueRequests({ owner: "erasure-test", limit: 10 });
    expect(results).toEqual([
      {
        id: expect.any(Number),
        outcome: "done",
        deleted: { documents: 1, observations: 1, attachments: 1, history: currentHistory },
      },
    ]);

    // Her document is gone; the corrected one is the other person's, whole, with his observation (masked where it
    // quoted her phone).
    expect(await app.db.document.count({ where: { id: current } })).toBe(0);
    expect(await app.db.document.findUniqueOrThrow({ where: { id: renamed } })).toMatchObject({
      cpf: LATER_ID,
      ...LATER,
      filledColumns: { contato: LATER.email },
    });
    expect((await app.db.observation.findMany({ where: { documentId: renamed } })).map((o) => o.text)).toEqual([
      "Ligar para ***",
    ]);

    // The dump: every table, every column. Only the other instance's document may still show the CPF.
    const after = await dumpDatabase();
    const hits = after.flatMap(({ table, row }) =>
      FORBIDDEN.filter(({ pattern }) => pattern.test(row)).map(({ label }) => ({ table, label, row })),
    );
    expect(hits.filter(({ row }) => !foreignRows.has(row))).toEqual([]);
    expect(hits.filter(({ row }) => foreignRows.has(row)).map(({ table, label }) => `${table}:${label}`)).toEqual([
      "Document:cpf",
      "DocumentHistory:cpf",
    ]);

    // What stays is still there, with masks where she was.
    const kept = await app.db.document.findUniqueOrThrow({ where: { id: neighbour } });
    expect(kept.cpfDigits).toBe(NEIGHBOUR_CPF);
    expect(kept.source).toBe("indicação de ***");
    expect(kept.filledColumns).toEqual({
      titular: "***",
      conjuge_cpf: "***",
      nota: "ver ***",
      responsavel: "*** <***>",
      ref: "***",
    });
    const texts = (await app.db.observation.findMany({ where: { documentId: neighbour }, orderBy: { id: "asc" } })).map(
      (o) => o.text,
    );
    expect(texts).toEqual(["Cônjuge: ***, CPF ***, e-mail ***, tel. ***", "Pendente: assinatura de ***", cnpjMention]);
    // Her message went with her document; the neighbour's stays, masked where it quoted her.
    expect(await app.db.outboxMessage.count({ where: { documentId: current } })).toBe(0);
    const [message] = await app.db.outboxMessage.findMany({ where: { documentId: neighbour } });
    expect(message?.recipient).toBe("otavio.neves@example.net");
    expect(message?.body).toContain("- Pendente: assinatura de ***");
    const filters = await app.db.savedFilter.findMany({ where: { userId: staff.id }, orderBy: { id: "asc" } });
    expect(filters.map((f) => [f.name, f.filters])).toEqual([
      ["Caso ***", { cpf: "***" }],
      ["Abertos", { cpf: NEIGHBOUR_CPF }],
    ]);
    expect((await app.db.status.findUniqueOrThrow({ where: { id: statusId } })).description).toBe(
      "Aguardando *** (***)",
    );
    expect(await app.db.document.count({ where: { id: foreign } })).toBe(1);
  });

  it("classifies every text and JSON column of every table: deleted with the documents, masked, or kept for a reason", async () => {
    const columns = await app.db.$queryRawUnsafe<{ table: string; column: string }[]>(
      `SELECT c.table_name AS "table", c.column_name AS "column" FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
         AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')
         -- enums hold one of a fixed list of values
         AND NOT EXISTS (SELECT 1 FROM pg_type e WHERE e.typname = c.udt_name AND e.typtype = 'e')
       ORDER BY 1, 2`,
    );
    const classified = new Set(
      Object.entries(ERASURE_SCOPE).flatMap(([table, rule]) =>
        [...Object.keys(rule.masked ?? {}), ...Object.keys(rule.kept ?? {})].map((column) => `${table}.${column}`),
      ),
    );
    const unclassified = columns.map(({ table, column }) => `${table}.${column}`).filter((c) => !classified.has(c));
    expect(unclassified).toEqual([]);
  });
});
