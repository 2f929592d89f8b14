import "server-only";
import type { Actor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { changedFields, ZAuditEntry, type AuditEntry } from "../entries.ts";

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

/**
 * Records an update only when a field changed: `details` gets `changes` ({field: {before, after}}) after the entry's
 * own details. `ignore` lists derived fields that are not changes of their own (a status's category label).
 */
export async function recordUpdateAudit(
  client: AuditClient,
  actor: Actor,
  entry: AuditEntry,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: string[] = [],
): Promise<void> {
  const changes = changedFields(before, after);
  for (const field of ignore) delete changes[field];
  if (!Object.keys(changes).length) return;
  await recordAudit(client, actor, { ...entry, details: { ...entry.details, changes } });
}
