// The staff find box (lib/documents/server/find-documents.ts): a protocol with or without its hyphen and
// spaces, the first digits of a CPF with or without punctuation, words in names, e-mails and filled_columns values
// (partially, any case, any accents), what matched, the masking policy (masked fields found only whole, or not at
// all), another instance's documents never, and the words search answered by its trigram index (EXPLAIN).
// Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { findTextSql, foldText, FOLD_FROM, FOLD_TO } from "@/lib/db/search-text.ts";
import { FIND_LIMIT, protocolCandidates } from "@/lib/documents/find-schema.ts";
import { findDocuments } from "@/lib/documents/server/find-documents.ts";
import type { PersonalField } from "@/lib/documents/mask.ts";
import { systemActor } from "@/lib/auth/actor.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { insertDocument } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let db: Db;
let catalog: SeededCatalog;
let other: SeededCatalog;
let cleanup: () => Promise<void>;
const ids: Record<string, number> = {};
const CLEAR = new Set<PersonalField>();
const DEFAULT = new Set<PersonalField>(["cpf", "email", "phone"]);

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  other = await createInstanceWithCatalog(db, "other");
  const make = async (key: string, cpf: string, fields: Record<string, unknown>, instance = catalog) => {
    const document = await insertDocument(db, instance, cpf, {}, fields as never);
    ids[key] = document.id;
  };
  await make("joao", "529.982.247-25", {
    protocol: "20261123-000042",
    name: "João Antônio Conceição",
    email: "joao.conceicao@exemplo.com.br",
    filledColumns: { placa: "ABC1D23", sinistro: "SIN-2026-7781", valor_segurado: 50100 },
  });
  await make("maria", "111.444.777-35", {
    protocol: "20261124-000007",
    name: "Maria da Silva",
    email: "maria@example.com",
    filledColumns: { placa: "XYZ9K88", corretor: "Corretora Ação" },
  });
  await make("empresa", "11.222.333/0001-81", {
    protocol: "20261124-000008",
    name: "Transportes Ávila Ltda",
    email: "contato@avila.com",
    filledColumns: { placa: "QWE4R56" },
  });
  await make(
    "foreign",
    "529.982.247-25",
    {
      protocol: "20261123-000043",
      name: "João Antônio Conceição",
      email: "joao.conceicao@exemplo.com.br",
      filledColumns: { placa: "ABC1D23" },
    },
    other,
  );
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

const find = (q: string, masked: ReadonlySet<PersonalField> = CLEAR) =>
  findDocuments({ actor: systemActor("cli", catalog.instanceId) }, { q, masked });
const found = async (q: string, masked?: ReadonlySet<PersonalField>) =>
  (await find(q, masked)).items.map((item) => item.id).sort((a, b) => a - b);

describe("find box", () => {
  it.each(["20261123-000042", "20261123000042", "20261123 000042", " 20261123 - 000042 "])(
    "protocol %j opens its document, and says so",
    async (q) => {
      const answer = await find(q);
      expect(answer.items[0]).toMatchObject({ id: ids.joao, matched: { field: "protocol", value: "20261123-000042" } });
    },
  );

  it("reads 14 digits as a protocol and as a CNPJ", () => {
    expect(protocolCandidates("20261123000042")).toContain("20261123-000042");
    expect(protocolCandidates("abc-1")).toContain("ABC-1");
  });

  it.each(["529982", "529.982", "529.982.2", "52998224725", "529.982.247-25"])(
    "CPF digits %j find by prefix (with or without punctuation), only in the caller's instance",
    async (q) => {
      const answer = await find(q);
      expect(answer.items.map((item) => item.id)).toEqual([ids.joao]);
      expect(answer.items[0]!.matched).toEqual({ field: "cpf", key: null, value: "529.982.247-25" });
    },
  );

  it("CNPJ digits find by prefix", async () => {
    expect(await found("11.222.333")).toEqual([ids.empresa]);
    expect(await found("112223330001")).toEqual([ids.empresa]);
  });

  it.each([
    ["conceicao", "name"],
    ["CONCEIÇÃO", "name"],
    ["antonio", "name"],
    ["ávila", "name"],
    ["transportes avila", "name"],
    ["exemplo.com", "email"],
  ])("words %j match %s partially and without accents", async (q, field) => {
    const answer = await find(q);
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]!.matched.field).toBe(field);
  });

  it.each([
    ["abc1d23", ids, "joao", "placa", "ABC1D23"],
    ["1D2", ids, "joao", "placa", "ABC1D23"],
    ["7781", ids, "joao", "sinistro", "SIN-2026-7781"],
    ["acao", ids, "maria", "corretor", "Corretora Ação"],
  ])("words %j match a filled_columns value and name its column", async (q, _ids, key, column, value) => {
    const answer = await find(q);
    expect(answer.items.map((item) => item.id)).toEqual([ids[key]]);
    expect(answer.items[0]!.matched).toEqual({ field: "column", key: column, value });
  });

  it("a column's key is not its value; unknown words find nothing; short text is flagged", async () => {
    expect(await found("placa")).toEqual([]);
    expect(await found("inexistente")).toEqual([]);
    expect(await find("ab")).toMatchObject({ items: [], too_short: true });
    expect((await find("joao silva")).items).toEqual([]); // every word must match
  });

  it("every word must match some field, each in any field", async () => {
    expect(await found("maria xyz9")).toEqual([ids.maria]);
  });

  it("a masked field is not searched, not even whole (it would confirm a guess); a CPF is found whole, masked", async () => {
    expect(await found("529982", DEFAULT)).toEqual([]);
    const whole = await find("529.982.247-25", DEFAULT);
    expect(whole.items.map((item) => item.id)).toEqual([ids.joao]);
    expect(whole.items[0]!.matched.value).toBe("***.982.247-**");
    expect(await found("exemplo.com", DEFAULT)).toEqual([]);
    expect(await found("maria@example.com", DEFAULT)).toEqual([]);
    // Read in clear, the same address is found.
    expect(await found("maria@example.com", new Set<PersonalField>())).toEqual([ids.maria]);
    expect(await found("conceicao", new Set<PersonalField>(["name", "email"]))).toEqual([]);
    expect(await found("conceicao", DEFAULT)).toEqual([ids.joao]);
  });

  it("answers at most FIND_LIMIT documents and says there are more", async () => {
    for (let i = 0; i < FIND_LIMIT + 2; i += 1) {
      await insertDocument(db, catalog, "222.333.444-05", {}, {
        filledColumns: { placa: `LOT${String(i).padStart(4, "0")}` },
      } as never);
    }
    const answer = await find("lot0");
    expect(answer.items).toHaveLength(FIND_LIMIT);
    expect(answer.more).toBe(true);
    expect((await find("lot0001")).more).toBe(false);
  });

  it("the SQL fold is foldText", async () => {
    const sample = `${FOLD_FROM} Ação ÉXITO ß`;
    const rows = await db.$queryRawUnsafe<{ folded: string }[]>(`SELECT "docflow_fold"($1) AS folded`, sample);
    expect(rows[0]!.folded).toBe(foldText(sample));
    expect(foldText(FOLD_FROM)).toBe(FOLD_TO);
  });

  it("the words search is answered by the find index", async () => {
    const plan = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL enable_seqscan = off`);
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT 1 FROM "Document" d WHERE ${findTextSql("d")} LIKE '%conceicao%'`,
      );
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain(`"Document_find_text_idx"`);
  });
});
