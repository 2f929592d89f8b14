// Every read or change of a person's data by a person or a token is one audit row (lib/audit/server/
// record-personal-data-access.ts) naming the actor, the instance, the subject (document id and/or the CPF's keyed
// hash — never the CPF) and the action: a reveal, a page reveal, an export (masked and clear), a field edit, a status
// change, an assignment, a deliberate look-up (one per look-up, not per refresh) and a package download. Written in
// the transaction of what it records: a refused change leaves no row. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor, type Actor } from "@/lib/auth/actor.ts";
import type { UseCaseContext } from "@/lib/auth/use-case-context.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { prepareDocumentExport } from "@/lib/documents/server/prepare-document-export.ts";
import { revealPage } from "@/lib/documents/server/reveal-page.ts";
import { revealPersonalData } from "@/lib/documents/server/reveal-personal-data.ts";
import { updateDocument } from "@/lib/documents/server/update-document.ts";
import { processDueAccessRequests } from "@/lib/lgpd/server/access-queue.ts";
import { lgpdCpfHash } from "@/lib/lgpd/server/cpf-hash.ts";
import { downloadAccessPackageByStaff } from "@/lib/lgpd/server/download-access-package-by-staff.ts";
import { lookUpSubject } from "@/lib/lgpd/server/look-up-subject.ts";
import { requestAccessByStaff } from "@/lib/lgpd/server/request-access-by-staff.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let acme: LgpdInstance;
let helena: UseCaseContext;
let bruno: number;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  acme = await createLgpdInstance(db, "acme-audit-people");
  const users = await Promise.all(
    ["helena@acme.com", "bruno@acme.com"].map((email) =>
      db.user.create({
        data: { instanceId: acme.instanceId, email, name: email.split("@")[0]!, role: "admin", passwordHash: "x" },
      }),
    ),
  );
  const actor: Actor = {
    type: "user",
    id: users[0]!.id,
    userId: users[0]!.id,
    label: "helena@acme.com",
    role: "admin",
    instanceId: acme.instanceId,
  };
  helena = { actor, requestId: "req-audit-people" };
  bruno = users[1]!.id;
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

const rowsAfter = async (since: bigint) =>
  db.auditLog.findMany({
    where: { instanceId: acme.instanceId, id: { gt: since } },
    orderBy: { id: "asc" },
    select: {
      actorType: true,
      actorLabel: true,
      actorId: true,
      action: true,
      documentId: true,
      subjectHash: true,
      reason: true,
      details: true,
    },
  });
const lastId = async () =>
  (await db.auditLog.findFirst({ orderBy: { id: "desc" }, select: { id: true } }))?.id ?? BigInt(0);

/** Nothing of a row, its details included, holds the CPF in clear (digits or formatted). */
const expectNoClearCpf = (rows: unknown[], digits: string) => {
  const text = JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? String(value) : value));
  expect(text).not.toContain(digits);
  expect(text).not.toContain(formatCpf(digits));
};

describe("one audit row per read or change of personal data", () => {
  it("a reveal on the document page: the actor, the document and the CPF's hash", async () => {
    const cpf = cpfFromBase(410_000_001);
    const document = await insertDocument(db, acme, formatCpf(cpf));
    const since = await lastId();
    await revealPersonalData(helena, { id: document.id });
    const rows = await rowsAfter(since);
    expect(rows).toEqual([
      expect.objectContaining({
        actorType: "user",
        actorLabel: "helena@acme.com",
        actorId: helena.actor.userId,
        action: "document.reveal",
        documentId: document.id,
        subjectHash: lgpdCpfHash(cpf),
      }),
    ]);
    expectNoClearCpf(rows, cpf);
  });

  it("a page reveal: one row per document shown, each with its subject", async () => {
    const cpfs = [cpfFromBase(410_000_002), cpfFromBase(410_000_003)];
    // One after the other: the reveal answers in id order, and concurrent inserts may take their ids either way.
    const documents = [];
    for (const cpf of cpfs) documents.push(await insertDocument(db, acme, cpf));
    const since = await lastId();
    await revealPage(helena, { ids: documents.map((document) => document.id) });
    const rows = await rowsAfter(since);
    expect(rows.map((row) => [row.action, row.documentId, row.subjectHash])).toEqual(
      documents.map((document, index) => ["document.reveal", document.id, lgpdCpfHash(cpfs[index]!)]),
    );
  });

  it("an edit, a status change and an assignment: one row each, in the update's own transaction", async () => {
    const cpf = cpfFromBase(410_000_004);
    const document = await insertDocument(db, acme, cpf);
    let since = await lastId();
    await updateDocument(helena, { id: document.id, name: "Maria Souza", email: "maria.souza@example.com" });
    let rows = await rowsAfter(since);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "document.update",
        actorLabel: "helena@acme.com",
        documentId: document.id,
        subjectHash: lgpdCpfHash(cpf),
        details: { fields: ["name", "email"] },
      }),
    ]);
    expectNoClearCpf(rows, cpf);
    expect(JSON.stringify(rows)).not.toContain("Maria Souza");

    since = await lastId();
    await updateDocument(helena, { id: document.id, status_id: acme.statusIds["Em análise"], user_id: bruno });
    rows = await rowsAfter(since);
    expect(rows.map((row) => [row.action, row.documentId, row.details])).toEqual([
      [
        "document.status_change",
        document.id,
        { from_status_id: acme.statusIds["Novo"], to_status_id: acme.statusIds["Em análise"] },
      ],
      ["document.assign", document.id, { from_user_id: null, to_user_id: bruno }],
    ]);

    // A refused change (a transition the workflow does not allow, or an unknown user) writes nothing.
    since = await lastId();
    await expect(updateDocument(helena, { id: document.id, user_id: 999_999 })).rejects.toThrow();
    expect(await rowsAfter(since)).toEqual([]);
    // Nothing changed: nothing to record.
    await updateDocument(helena, { id: document.id, name: "Maria Souza" });
    expect(await rowsAfter(since)).toEqual([]);
  });

  it("an export: one row, masked or clear (the reason kept)", async () => {
    const cpf = cpfFromBase(410_000_005);
    await insertDocument(db, acme, cpf);
    const since = await lastId();
    const masked = await prepareDocumentExport(helena, { filters: { cpf } });
    await masked.stream.cancel();
    const clear = await prepareDocumentExport(helena, {
      filters: { cpf },
      options: { unmasked: true, reason: "Pedido do titular por carta" },
    });
    await clear.stream.cancel();
    const rows = await rowsAfter(since);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "document.export",
        reason: null,
        details: expect.objectContaining({ clear: false, rows: 1, format: "csv" }),
      }),
      expect.objectContaining({
        action: "document.export",
        reason: "Pedido do titular por carta",
        details: expect.objectContaining({ clear: true, rows: 1, format: "csv" }),
      }),
    ]);
    expectNoClearCpf(rows, cpf);
  });

  it("a deliberate look-up is one row; its refreshes on the same screen add none; a new look-up adds one", async () => {
    const cpf = cpfFromBase(410_000_006);
    await insertDocument(db, acme, cpf);
    const since = await lastId();
    const first = await lookUpSubject(helena, { cpf: formatCpf(cpf) });
    expect(first.lookup_id).toEqual(expect.any(String));
    for (let i = 0; i < 5; i += 1) {
      const again = await lookUpSubject(helena, { cpf, lookup_id: first.lookup_id });
      expect(again.lookup_id).toBe(first.lookup_id);
    }
    let rows = await rowsAfter(since);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "lgpd_subject.lookup",
        actorLabel: "helena@acme.com",
        subjectHash: lgpdCpfHash(cpf),
        documentId: null,
      }),
    ]);
    expectNoClearCpf(rows, cpf);
    // A continuation id of another CPF, or of another actor, is a new look-up.
    const otherCpf = cpfFromBase(410_000_007);
    await lookUpSubject(helena, { cpf: otherCpf, lookup_id: first.lookup_id });
    const cli = { actor: systemActor("cli", acme.instanceId) };
    await lookUpSubject(cli, { cpf, lookup_id: first.lookup_id });
    await lookUpSubject(helena, { cpf });
    rows = await rowsAfter(since);
    expect(rows.map((row) => [row.actorLabel, row.subjectHash])).toEqual([
      ["helena@acme.com", lgpdCpfHash(cpf)],
      ["helena@acme.com", lgpdCpfHash(otherCpf)],
      ["cli", lgpdCpfHash(cpf)],
      ["helena@acme.com", lgpdCpfHash(cpf)],
    ]);
  });

  it("a package download names its subject by the CPF's hash", async () => {
    const cpf = cpfFromBase(410_000_008);
    await insertDocument(db, acme, cpf, { observations: 1 });
    const { request } = await requestAccessByStaff(helena, { cpf });
    await processDueAccessRequests({ owner: "audit-people", limit: 100 });
    const since = await lastId();
    const zip = await downloadAccessPackageByStaff(helena, { id: request.id });
    expect(zip?.bytes.subarray(0, 2).toString()).toBe("PK");
    expect(await rowsAfter(since)).toEqual([
      expect.objectContaining({
        action: "lgpd_access.download",
        actorLabel: "helena@acme.com",
        subjectHash: lgpdCpfHash(cpf),
      }),
    ]);
  });
});
