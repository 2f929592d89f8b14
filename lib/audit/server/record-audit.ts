import "server-only";
import type { Actor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { ZAuditEntry, type AuditEntry } from "../entries.ts";

type AuditClient = Pick<Db, "auditLog"> | Tx;

/**
 * The one writer of the audit log: who (the actor's type, label and user id), what (`action` on a known `entity`)
 * and one flat `details` object (lib/audit/entries.ts). Call it with the transaction of the change it records, so
 * both are written or neither. Routes, the CLI and the worker reach it through the same use-cases.
 */
export async function recordAudit(client: AuditClient, actor: Actor, entry: AuditEntry): Promise<void> {
  const { entity, entityId, action, details } = ZAuditEntry.parse(entry);
  await client.auditLog.create({
    data: {
      instanceId: actor.instanceId,
      actorType: actor.type,
      actorLabel: actor.label,
      actorId: actor.userId,
      action,
      entity,
      entityId: entityId === null ? null : String(entityId),
      details: (details ?? {}) as never,
    },
  });
}
