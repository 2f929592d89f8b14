import "server-only";
import type { Actor } from "../../auth/actor.ts";
import type { Db, Prisma } from "../../db/client.ts";

type AuditClient = Pick<Db, "auditLog"> | Prisma.TransactionClient;

/**
 * Records one administrative change: who (the actor's label and user id), what (action on entity) and a small
 * details object. Callers never pass secrets or personal data here — ids, names, roles, last characters only.
 */
export async function writeAuditLog(
  client: AuditClient,
  actor: Actor,
  entry: { action: string; entity: string; entityId?: string | number | null; details?: Prisma.InputJsonObject },
): Promise<void> {
  await client.auditLog.create({
    data: {
      instanceId: actor.instanceId,
      actorLabel: actor.label,
      actorId: actor.userId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      details: { actor_type: actor.type, actor_id: actor.id, ...entry.details },
    },
  });
}
