// Who answers an LGPD request, as use-cases on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
// assignee is kept on the request row and listed by the inbox under "Minhas" / "Sem responsável"; two officers taking
// the same request one after the other leave one assignee and one audit row each; a user removed from the instance
// leaves their requests unassigned (the foreign key's SET NULL), never a dangling id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import type { UseCaseContext } from "@/lib/auth/use-case-context.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { assignLgpdRequest } from "@/lib/lgpd/server/assign-lgpd-request.ts";
import { listLgpdInbox } from "@/lib/lgpd/server/list-lgpd-inbox.ts";
import { createLgpdInstance, type LgpdInstance } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let acme: LgpdInstance;
let helena: UseCaseContext;
let bruno: UseCaseContext;
let deletionId: number;
let accessId: number;

async function officer(instanceId: number, email: string): Promise<UseCaseContext> {
  const user = await db.user.create({
    data: { instanceId, email, name: email.split("@")[0]!, role: "admin", passwordHash: "x" },
  });
  const actor: Actor = { type: "user", id: user.id, userId: user.id, label: email, instanceId, role: "admin" };
  return { actor, requestId: `req-${email}` };
}

const page = (ctx: UseCaseContext, assignee: "me" | "none" | number | null = null) =>
  listLgpdInbox(ctx, { assignee, page: 1, page_size: 20 });

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  acme = await createLgpdInstance(db, "acme-assignee");
  helena = await officer(acme.instanceId, "helena@acme-assignee.example");
  bruno = await officer(acme.instanceId, "bruno@acme-assignee.example");
  const row = { instanceId: acme.instanceId, cpfHash: "hash-assignee", cpfMasked: "***.111.222-**" };
  deletionId = (await db.lgpdRequest.create({ data: row })).id;
  accessId = (await db.lgpdAccessRequest.create({ data: row })).id;
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

describe("the assignee of an LGPD request", () => {
  it("is the last one who took it, each change one audit row; the inbox lists it under Minhas", async () => {
    await assignLgpdRequest(helena, { kind: "deletion", id: deletionId, assignee_id: helena.actor.userId });
    await assignLgpdRequest(bruno, { kind: "deletion", id: deletionId, assignee_id: bruno.actor.userId });
    const stored = await db.lgpdRequest.findUniqueOrThrow({ where: { id: deletionId } });
    expect(stored.assigneeId).toBe(bruno.actor.userId);
    const audits = await db.auditLog.findMany({
      where: { instanceId: acme.instanceId, action: "lgpd_request.assign", entityId: String(deletionId) },
      orderBy: { id: "asc" },
    });
    expect(audits.map((audit) => [audit.actorLabel, audit.details])).toEqual([
      [
        "helena@acme-assignee.example",
        { assignee_id: helena.actor.userId, assignee_name: "helena", previous_assignee_id: null },
      ],
      [
        "bruno@acme-assignee.example",
        { assignee_id: bruno.actor.userId, assignee_name: "bruno", previous_assignee_id: helena.actor.userId },
      ],
    ]);
    expect((await page(bruno, "me")).items.map((item) => [item.kind, item.id])).toEqual([["deletion", deletionId]]);
    expect((await page(helena, "me")).items).toEqual([]);
    expect((await page(helena, "none")).items.map((item) => [item.kind, item.id])).toEqual([["access", accessId]]);
  });

  it("goes back to no one when its user is removed", async () => {
    await assignLgpdRequest(helena, { kind: "access", id: accessId, assignee_id: helena.actor.userId });
    await db.user.delete({ where: { id: helena.actor.userId! } });
    const access = await db.lgpdAccessRequest.findUniqueOrThrow({ where: { id: accessId } });
    expect(access.assigneeId).toBeNull();
    const listed = await page(bruno);
    expect(listed.items.find((item) => item.kind === "access")?.assignee).toBeNull();
    expect(listed.assignees.map((person) => person.name)).toEqual(["bruno"]);
  });
});
