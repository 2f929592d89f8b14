// The documents list's typed-text filter (`filters.q`, the queue's search box): read as the header's find box reads
// it — a protocol, the first digits of a CPF/CNPJ, words inside the name, the e-mail and the product columns — inside
// one instance, narrowed by the other filters, and never searching what the caller's masking policy hides (a masked
// CPF only whole), which the answer names in `q_withheld`. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import type { PersonalField } from "@/lib/documents/mask.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { insertDocument } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let db: Db;
let catalog: SeededCatalog;
let cleanup: () => Promise<void>;
const ids: Record<string, number> = {};
const CLEAR = new Set<PersonalField>();
const DEFAULT = new Set<PersonalField>(["cpf", "email", "phone"]);
const ALL = new Set<PersonalField>(["cpf", "name", "email", "phone"]);

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  const other = await createInstanceWithCatalog(db, "other");
  const make = async (key: string, cpf: string, fields: Record<string, unknown>, instance = catalog) => {
    ids[key] = (await insertDocument(db, instance, cpf, {}, fields as never)).id;
  };
  await make("raimundo", "900.600.112-09", {
    protocol: "20261201-000101",
    name: "Raimundo Nonato Araújo",
    email: "raimundo.nonato@exemplo.com.br",
    filledColumns: { placa: "RAI7M01" },
  });
  await make("raimunda", "529.982.247-25", {
    protocol: "20261201-000102",
    name: "Raimunda Conceição",
    email: "raimunda@example.com",
    filledColumns: { placa: "QWE4R56" },
  });
  await make("other", "111.444.777-35", {
    protocol: "20261201-000103",
    name: "Maria da Silva",
    email: "maria@example.com",
    filledColumns: { placa: "XYZ9K88", corretor: "Corretora Raimundo" },
  });
  await make("foreign", "900.600.112-09", { protocol: "20261201-000104", name: "Raimundo Nonato Araújo" }, other);
});

afterAll(async () => {
  await closeDb();
  await cleanup();
});

async function list(filters: Record<string, unknown>, masked: ReadonlySet<PersonalField>) {
  const answer = await searchDocuments(
    { actor: systemActor("cli", catalog.instanceId) },
    { query: ZSearchDocumentsBody.parse({ filters, sort: "protocol", direction: "asc" }), masked },
  );
  return { ids: answer.items.map((item) => item.id), total: answer.total, withheld: answer.q_withheld };
}

describe("the list's typed text (filters.q)", () => {
  it("finds a name's word without accents or case, in the name and in a product column, never another instance", async () => {
    const found = await list({ q: "raimundo" }, DEFAULT);
    expect(found.ids).toEqual([ids.raimundo, ids.other]);
    expect(found.total).toBe(2);
    expect(found.withheld).toEqual([]);
    expect((await list({ q: "ARAUJO nonato" }, DEFAULT)).ids).toEqual([ids.raimundo]);
  });

  it("finds a protocol (with or without its hyphen) and a plate", async () => {
    expect((await list({ q: "20261201-000102" }, DEFAULT)).ids).toEqual([ids.raimunda]);
    expect((await list({ q: "20261201000102" }, DEFAULT)).ids).toEqual([ids.raimunda]);
    expect((await list({ q: "rai7m01" }, DEFAULT)).ids).toEqual([ids.raimundo]);
  });

  it("is narrowed by the other filters", async () => {
    const novo = await db.status.findFirstOrThrow({ where: { instanceId: catalog.instanceId, name: "Novo" } });
    await db.document.update({ where: { id: ids.raimunda! }, data: { statusId: novo.id } });
    const others = await db.status.findFirstOrThrow({
      where: { instanceId: catalog.instanceId, id: { not: novo.id } },
    });
    await db.document.updateMany({ where: { id: { in: [ids.raimundo!, ids.other!] } }, data: { statusId: others.id } });
    expect((await list({ q: "raimund", status_ids: [novo.id] }, DEFAULT)).ids).toEqual([ids.raimunda]);
  });

  it("searches the first digits of a CPF only for a role that sees CPFs, and says why otherwise", async () => {
    expect((await list({ q: "900.600" }, CLEAR)).ids).toEqual([ids.raimundo]);
    const masked = await list({ q: "900.600" }, DEFAULT);
    expect(masked.ids).toEqual([]);
    expect(masked.withheld).toEqual(["cpf_prefix"]);
    // A whole CPF is found whatever the policy, as the CPF filter finds it.
    const whole = await list({ q: "900.600.112-09" }, DEFAULT);
    expect(whole.ids).toEqual([ids.raimundo]);
    expect(whole.withheld).toEqual([]);
  });

  it("does not look inside masked names or e-mails, and names them", async () => {
    const mail = await list({ q: "raimunda@example" }, DEFAULT);
    expect(mail.ids).toEqual([]);
    expect(mail.withheld).toEqual(["email"]);
    expect((await list({ q: "raimunda@example" }, CLEAR)).ids).toEqual([ids.raimunda]);
    const named = await list({ q: "raimundo" }, ALL);
    // Only the product column's "Corretora Raimundo" remains searchable.
    expect(named.ids).toEqual([ids.other]);
    expect(named.withheld).toEqual(["name"]);
  });
});
