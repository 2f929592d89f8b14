// prisma/migrations/*_audit_one_shape rewrites the audit rows of the three old writers (the APIs menu's
// writeAuditLog, the settings' recordAudit, the CLI's auditCli) into the one shape of lib/audit/entries.ts: the
// actor's type in its column, details holding only the entity's fields, entities in one snake_case list.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZAuditActorType, ZAuditDetails, ZAuditEntity } from "@/lib/audit/entries.ts";
import { closeDb, getConnection, getDb } from "@/lib/db/client.ts";
import { applyMigrations } from "@/lib/db/migrate.ts";
import { createFreshDatabase } from "./helpers/test-database.ts";

const MIGRATION = "20261124020845_audit_one_shape";
let cleanup: () => Promise<void>;

type OldRow = { entity: string; action: string; actorLabel: string; actorId: number | null; details: unknown };
const OLD_ROWS: OldRow[] = [
  // writeAuditLog (APIs menu), a token acting
  {
    entity: "ApiToken",
    action: "api_token.create",
    actorLabel: "token:default-admin",
    actorId: null,
    details: { actor_type: "token", actor_id: 5, name: "CRM", role: "staff", prefix: "dft_ab12" },
  },
  // writeAuditLog, a signed-in admin
  {
    entity: "LgpdKey",
    action: "lgpd_key.rotate",
    actorLabel: "ana@example.com",
    actorId: 7,
    details: { actor_type: "user", actor_id: 7, last_chars: "wxyz" },
  },
  // auditCli
  {
    entity: "User",
    action: "user.create",
    actorLabel: "cli",
    actorId: null,
    details: { actor_type: "cli", role: "admin" },
  },
  { entity: "Instance", action: "instance.create", actorLabel: "cli", actorId: null, details: { actor_type: "cli" } },
  // the settings' recordAudit: no actor in details
  {
    entity: "status",
    action: "status.update",
    actorLabel: "token:default-admin",
    actorId: null,
    details: { changes: { name: { before: "A", after: "B" } } },
  },
  { entity: "user", action: "user.update", actorLabel: "joana@example.com", actorId: 7, details: { email: "x@y.z" } },
  { entity: "LgpdRequest", action: "lgpd_request.retry", actorLabel: "ana@example.com", actorId: 7, details: null },
];

beforeAll(async () => {
  ({ cleanup } = await createFreshDatabase());
  await getDb();
  const { factory } = await getConnection();
  expect(await applyMigrations(factory, { before: MIGRATION })).not.toContain(MIGRATION);
  const db = await getDb();
  // Raw SQL: the Prisma client knows today's Instance columns, which the schema before this migration lacks.
  const [instance] = await db.$queryRawUnsafe<{ id: number }[]>(
    `INSERT INTO "Instance" ("slug", "name") VALUES ('audit-migration', 'Audit migration') RETURNING "id"`,
  );
  for (const row of OLD_ROWS) {
    await db.$executeRawUnsafe(
      `INSERT INTO "AuditLog" ("instanceId", "actorLabel", "actorId", "action", "entity", "entityId", "details")
       VALUES ($1, $2, $3, $4, $5, '1', $6::jsonb)`,
      instance!.id,
      row.actorLabel,
      row.actorId,
      row.action,
      row.entity,
      row.details === null ? null : JSON.stringify(row.details),
    );
  }
  // This migration first, then whatever came after it (their names sort after it).
  const applied = await applyMigrations(factory);
  expect(applied[0]).toBe(MIGRATION);
  expect([...applied].sort()).toEqual(applied);
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

describe("the audit_one_shape migration", () => {
  it("gives every old row the actor's type, its entity in the closed list and details without the actor", async () => {
    const db = await getDb();
    const rows = await db.auditLog.findMany({ orderBy: { id: "asc" } });
    expect(
      rows.map((row) => ({ actorType: row.actorType, entity: row.entity, action: row.action, details: row.details })),
    ).toEqual([
      {
        actorType: "token",
        entity: "api_token",
        action: "api_token.create",
        details: { name: "CRM", role: "staff", prefix: "dft_ab12" },
      },
      { actorType: "user", entity: "lgpd_key", action: "lgpd_key.rotate", details: { last_chars: "wxyz" } },
      { actorType: "system", entity: "user", action: "user.create", details: { role: "admin" } },
      { actorType: "system", entity: "instance", action: "instance.create", details: {} },
      {
        actorType: "token",
        entity: "status",
        action: "status.update",
        details: { changes: { name: { before: "A", after: "B" } } },
      },
      { actorType: "user", entity: "user", action: "user.update", details: { email: "x@y.z" } },
      { actorType: "user", entity: "lgpd_request", action: "lgpd_request.retry", details: {} },
    ]);
    for (const row of rows) {
      expect(ZAuditEntity.safeParse(row.entity).success, row.entity).toBe(true);
      expect(ZAuditActorType.safeParse(row.actorType).success, row.actorType).toBe(true);
      expect(ZAuditDetails.safeParse(row.details).success, JSON.stringify(row.details)).toBe(true);
    }
    // Labels and user ids are kept as they were.
    expect(rows.map((row) => [row.actorLabel, row.actorId])).toEqual(
      OLD_ROWS.map((row) => [row.actorLabel, row.actorId]),
    );
  });
});
