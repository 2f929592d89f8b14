// The trigram search text (lib/db/search-text.ts): each indexed table's expression is the one its index holds (the
// planner can use the index; checked with EXPLAIN and sequential scans off, so the tiny tables here do not hide it),
// and the documents list's "contains" search on a product column, which now narrows through that index first,
// finds exactly what the column condition alone finds — quotes, backslashes, control characters, accents, LIKE
// wildcards, numbers and nested JSON included. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, Prisma, type Db } from "@/lib/db/client.ts";
import { SEARCH_TEXT_COLUMNS, searchTextSql, type SearchTextTable } from "@/lib/db/search-text.ts";
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { systemActor } from "@/lib/auth/actor.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { insertDocument } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let db: Db;
let catalog: SeededCatalog;
let cleanup: () => Promise<void>;
const ctx = () => ({ actor: systemActor("cli", catalog.instanceId) });

const PLACAS: Prisma.InputJsonValue[] = [
  'Rua "Sete", 12',
  "C:\\temp\\ABC",
  "linha1\nlinha2",
  "tab\there",
  "ctrl\u0001x",
  "Ação Ótima",
  "AÇÃO ÓTIMA",
  "100%_off",
  "100 off",
  12345,
  { a: 'x"y', b: [1, "z\\w"] },
  "ABC0123",
  "abc0123",
  "",
];

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  for (const [index, placa] of PLACAS.entries()) {
    await insertDocument(
      db,
      catalog,
      "123.456.789-09",
      {},
      {
        source: index % 2 ? "placa ABC" : null,
        filledColumns: { placa, valor_segurado: index },
      },
    );
  }
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

describe("trigram search text", () => {
  it.each(Object.keys(SEARCH_TEXT_COLUMNS) as SearchTextTable[])(
    "%s: a LIKE on the search text is answered by its trigram index",
    async (table) => {
      const plan = await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL enable_seqscan = off`);
        return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
          `EXPLAIN SELECT 1 FROM "${table}" t WHERE ${searchTextSql(table, "t")} ILIKE '%abc123%'`,
        );
      });
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain(
        `Bitmap Index Scan on "${table}_search_text_idx"`,
      );
    },
  );

  const CONTAINS = [
    '"sete"',
    "SETE",
    "\\temp\\",
    "1\nli",
    "b\th",
    "\u0001",
    "ção ó",
    "AÇÃO",
    "%_",
    "0 o",
    "234",
    'x"y',
    'x\\"y',
    "z\\w",
    "z\\\\w",
    "abc0",
    "c",
    "a",
    "\\",
    '"',
    "nothing like it",
  ];
  it.each(CONTAINS)("contains %j finds what the column condition alone finds", async (contains) => {
    const { items, total } = await searchDocuments(ctx(), {
      query: ZSearchDocumentsBody.parse({
        filters: { product_id: catalog.productId, columns: [{ key: "placa", contains }] },
        page_size: 100,
      }),
    });
    const pattern = `%${contains.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const expected = await db.$queryRaw<{ id: number }[]>`
      SELECT id FROM "Document" WHERE "instanceId" = ${catalog.instanceId} AND "productId" = ${catalog.productId}
        AND ("filledColumns" ->> 'placa') ILIKE ${pattern} ESCAPE '\\'`;
    const found = items.map((item) => item.id).sort((a, b) => a - b);
    expect(found).toEqual(expected.map((row) => Number(row.id)).sort((a, b) => a - b));
    expect(total).toBe(found.length);
  });

  it("the column condition finds what it should (the comparison above is not vacuous)", async () => {
    const count = async (contains: string) =>
      (
        await searchDocuments(ctx(), {
          query: ZSearchDocumentsBody.parse({
            filters: { product_id: catalog.productId, columns: [{ key: "placa", contains }] },
          }),
        })
      ).total;
    expect(await count('"sete"')).toBe(1);
    expect(await count("\\temp\\")).toBe(1);
    expect(await count("1\nli")).toBe(1);
    expect(await count("\u0001")).toBe(1);
    expect(await count("%_")).toBe(1);
    expect(await count("234")).toBe(1);
    // Nested JSON is searched as ->> prints it: x\"y, z\\w.
    expect(await count('x\\"y')).toBe(1);
    expect(await count("z\\\\w")).toBe(1);
    expect(await count("abc0")).toBe(2);
  });
});
