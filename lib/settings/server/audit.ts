import "server-only";
import type { Actor } from "../../auth/actor.ts";
import type { Tx } from "../../db/transaction.ts";

export type AuditEntry = {
  /** `<entity>.<verb>`, e.g. `status.update`, `user.reset_password`. */
  action: string;
  entity: string;
  entityId: number | string | null;
  /** What changed; never passwords, hashes or tokens. */
  details?: Record<string, unknown>;
};

/** One AuditLog row in the same transaction as the change it describes. */
export async function recordAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      instanceId: actor.instanceId,
      actorLabel: actor.label,
      actorId: actor.userId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      details: (entry.details ?? {}) as never,
    },
  });
}

/** `{field: {before, after}}` for the fields of `after` whose value differs from `before`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null)) {
      changes[key] = { before: before[key] ?? null, after: value ?? null };
    }
  }
  return changes;
}
