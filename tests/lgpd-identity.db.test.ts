// Identity over time on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), without Next: the everyday
// typo. A record typed under CPF C for Diana, then corrected to Diana's CPF D with nothing else changed, is Diana's
// whole — her name and e-mail were never C's. C's erasure masks only C's CPF in the record's history: it deletes
// nothing and masks nothing of Diana's, neither in that record nor in her other document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { requestDeletion } from "@/lib/lgpd/server/request-deletion.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let acme: LgpdInstance;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  acme = await createLgpdInstance(db, "acme-identity");
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

const C = cpfFromBase(135_792_468);
const D = cpfFromBase(246_813_579);
const DIANA = { name: "Diana Duarte Dantas", email: "diana.dantas@example.org" };

describe("a CPF typed wrong, then corrected", () => {
  it("the wrong CPF's erasure masks that CPF in the history and nothing of the record's owner", async () => {
    // As document/create and document/updateById write them: the create row, then the correction of the CPF only.
    const record = await insertDocument(db, acme, formatCpf(D), {}, { filledColumns: { obs: "cliente antiga" } });
    await db.document.update({ where: { id: record.id }, data: DIANA });
    await db.documentHistory.create({
      data: {
        documentId: record.id,
        action: "create",
        actorType: "user",
        actorLabel: "atendente",
        changes: [
          { field: "cpf", before: null, after: formatCpf(C) },
          { field: "name", before: null, after: DIANA.name },
          { field: "email", before: null, after: DIANA.email },
        ],
      },
    });
    await db.documentHistory.create({
      data: {
        documentId: record.id,
        action: "update",
        actorType: "user",
        actorLabel: "atendente",
        changes: [{ field: "cpf", before: formatCpf(C), after: formatCpf(D) }],
      },
    });
    const other = await insertDocument(db, acme, D);
    await db.document.update({ where: { id: other.id }, data: DIANA });
    const note = `${DIANA.name} ligou, e-mail ${DIANA.email}`;
    await db.observation.create({ data: { documentId: other.id, text: note, authorLabel: "atendente" } });

    await requestDeletion({ actor: systemActor("lgpd_api", acme.instanceId, "API LGPD") }, { cpf: C });
    const { results } = await processDueRequests({ owner: "identity-db-test" });
    expect(results).toEqual([
      expect.objectContaining({
        outcome: "done",
        deleted: { documents: 0, observations: 0, attachments: 0, history: 0 },
      }),
    ]);

    for (const id of [record.id, other.id]) {
      expect(await db.document.findUniqueOrThrow({ where: { id } })).toMatchObject({ cpfDigits: D, ...DIANA });
    }
    expect((await db.document.findUniqueOrThrow({ where: { id: record.id } })).filledColumns).toEqual({
      obs: "cliente antiga",
    });
    expect((await db.observation.findFirstOrThrow({ where: { documentId: other.id } })).text).toBe(note);
    const history = await db.documentHistory.findMany({ where: { documentId: record.id }, orderBy: { id: "asc" } });
    expect(history.map((row) => row.changes)).toEqual([
      [
        { field: "cpf", before: null, after: "***" },
        { field: "name", before: null, after: DIANA.name },
        { field: "email", before: null, after: DIANA.email },
      ],
      [{ field: "cpf", before: "***", after: formatCpf(D) }],
    ]);
  });
});
