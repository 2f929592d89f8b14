// The LGPD masking pass reads only candidate rows (candidateCondition, lib/lgpd/server/erase-tied-data.ts): on the tables with a trigram
// search text, every row the mask would change is a candidate — the CPF and phone in any punctuation, JSON control
// character escapes between digits, numbers in JSON, the name and e-mail in any case — unrelated rows are not, and
// the condition is answered by the table's trigram index. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { SEARCH_TEXT_COLUMNS, type SearchTextTable } from "@/lib/db/search-text.ts";
import { candidateCondition } from "@/lib/lgpd/server/erase-tied-data.ts";
import { ERASURE_SCOPE, type MaskedColumn } from "@/lib/lgpd/erasure-scope.ts";
import { maskJson, maskText, personMatcher, type PersonMatcher } from "@/lib/lgpd/person-mask.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { insertDocument } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let db: Db;
let catalog: SeededCatalog;
let cleanup: () => Promise<void>;

const CPF = "52998224725";
const matcher = personMatcher({
  cpfs: [CPF],
  names: ["Heloísa Brandão Quintas"],
  emails: ["Heloisa.Quintas@Example.org"],
  phones: ["+55 (21) 98765-4321"],
}) as PersonMatcher;

const MENTIONS = [
  "CPF 529.982.247-25 conferido",
  "cpf 529 982 247 25",
  "529982247-25",
  "tel (21) 98765-4321",
  "ligar 98765 4321",
  "+5521987654321",
  "HELOÍSA  BRANDÃO\nQUINTAS ligou",
  "e-mail heloisa.quintas@EXAMPLE.org",
  "cpf 529\u0001982\u0002247\u000325",
];
const UNRELATED = ["nada a ver", "Outro cliente 111.444.777-35", "Maria da Silva", "tel 98765-0000", "Quintas"];

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  const texts = [...MENTIONS, ...UNRELATED];
  for (const [index, text] of texts.entries()) {
    const document = await insertDocument(
      db,
      catalog,
      "111.444.777-35",
      {},
      {
        source: index % 3 === 0 ? text : "api",
        filledColumns: index % 3 === 1 ? { nota: text, n: index } : { n: index },
      },
    );
    await db.observation.create({ data: { documentId: document.id, text, authorLabel: "token:test" } });
    await db.documentHistory.create({
      data: {
        documentId: document.id,
        action: "update",
        actorType: "token",
        actorLabel: "token:test",
        changes: [{ field: "observacao", before: null, after: text }],
      },
    });
  }
  // A CPF kept as a JSON number is masked too (maskJson), so it must be a candidate.
  const numbered = await db.document.findFirstOrThrow({
    where: { instanceId: catalog.instanceId },
    orderBy: { id: "asc" },
  });
  await db.documentHistory.create({
    data: {
      documentId: numbered.id,
      action: "update",
      actorType: "token",
      actorLabel: "token:test",
      changes: [{ field: "cpf", before: Number(CPF), after: 11144477735 }],
    },
  });
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

function masked(table: string): [string, MaskedColumn][] {
  return Object.entries(ERASURE_SCOPE[table]?.masked ?? {});
}

describe("erasure candidates", () => {
  it("a person with very many terms is looked for with the regular expression instead, and still found", async () => {
    const phones = Array.from({ length: 40 }, (_, i) => `+55 11 9${String(7000_0000 + i)}`);
    const many = personMatcher({ cpfs: [CPF], names: [], emails: [], phones }) as PersonMatcher;
    const { where, params, indexed } = candidateCondition("Observation", masked("Observation"), many);
    expect(indexed).toBe(false);
    const found = await db.$queryRawUnsafe<{ text: string }[]>(
      `SELECT text FROM "Observation" WHERE (${ERASURE_SCOPE.Observation!.rows}) AND (${where})`,
      catalog.instanceId,
      ...params,
    );
    const changed = MENTIONS.filter((text) => maskText(text, many) !== text);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.filter((text) => !found.some((row) => row.text === text))).toEqual([]);
  });

  it.each(Object.keys(SEARCH_TEXT_COLUMNS) as SearchTextTable[])(
    "%s: every masked column feeds the search text, so the index narrows the pass",
    (table) => {
      const columns = SEARCH_TEXT_COLUMNS[table].map((entry) => `${entry.column}:${entry.kind}`).sort();
      expect(columns).toEqual(
        masked(table)
          .map(([column, kind]) => `${column}:${kind}`)
          .sort(),
      );
      expect(candidateCondition(table, masked(table), matcher).indexed).toBe(true);
    },
  );

  it.each(Object.keys(SEARCH_TEXT_COLUMNS) as SearchTextTable[])(
    "%s: every row the mask changes is a candidate, unrelated rows are not",
    async (table) => {
      const rule = ERASURE_SCOPE[table]!;
      const columns = masked(table);
      const select = columns.map(([column]) => `"${column}"::text AS "${column}"`).join(", ");
      const all = await db.$queryRawUnsafe<Record<string, string | null>[]>(
        `SELECT id::text AS id, ${select} FROM "${table}" WHERE ${rule.rows}`,
        catalog.instanceId,
      );
      const changed = all
        .filter((row) =>
          columns.some(([column, kind]) => {
            const value = row[column];
            if (value == null) return false;
            if (kind === "text") return maskText(value, matcher) !== value;
            const parsed: unknown = JSON.parse(value);
            return JSON.stringify(maskJson(parsed, matcher)) !== JSON.stringify(parsed);
          }),
        )
        .map((row) => String(row.id))
        .sort();
      const { where, params } = candidateCondition(table, columns, matcher);
      const candidates = (
        await db.$queryRawUnsafe<{ id: string }[]>(
          `SELECT id::text AS id FROM "${table}" WHERE (${rule.rows}) AND (${where})`,
          catalog.instanceId,
          ...params,
        )
      ).map((row) => row.id);
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.filter((id) => !candidates.includes(id))).toEqual([]);
      expect(candidates.length).toBeLessThan(all.length);

      const plan = await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL enable_seqscan = off`);
        return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
          `EXPLAIN SELECT id FROM "${table}" WHERE ${where.replaceAll(/\$(\d+)/g, (_, n: string) => `$${Number(n) - 1}`)}`,
          ...params,
        );
      });
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain(`"${table}_search_text_idx"`);
    },
  );
});
