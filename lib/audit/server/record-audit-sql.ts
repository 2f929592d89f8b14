// recordAudit for code that runs on the raw SQL runner (lib/db/sql-session.ts) rather than Prisma: the job engine's
// queues (a retention run, lib/retention) write their audit row in their own transaction, so both commit or neither.
// Same entry shape and validation as record-audit.ts.
import "server-only";
import type { Actor } from "../../auth/actor.ts";
import type { Sql } from "../../db/sql-session.ts";
import { ZAuditEntry, type AuditEntry } from "../entries.ts";

export async function recordAuditSql(sql: Sql, actor: Actor, entry: AuditEntry): Promise<void> {
  const { entity, entityId, action, details } = ZAuditEntry.parse(entry);
  await sql(
    `INSERT INTO "AuditLog" ("instanceId", "actorType", "actorLabel", "actorId", action, entity, "entityId", details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text::jsonb)`,
    [
      actor.instanceId,
      actor.type,
      actor.label,
      actor.userId ?? null,
      action,
      entity,
      entityId === null ? null : String(entityId),
      JSON.stringify(details ?? {}),
    ],
  );
}
