import { actorRef, type Actor } from "../../auth/actor.ts";
import type { Tx } from "../../db/transaction.ts";

export type FieldChange = { field: string; before: unknown; after: unknown };

/** One history row per change to a document, naming the token or user that made it. */
export async function recordHistory(
  tx: Tx,
  input: { documentId: number; action: string; actor: Actor; changes: FieldChange[]; requestId?: string },
): Promise<void> {
  await tx.documentHistory.create({
    data: {
      documentId: input.documentId,
      action: input.action,
      ...actorRef(input.actor),
      changes: input.changes as never,
      requestId: input.requestId ?? null,
    },
  });
}

/** Changes between two flat records, for the keys given. Dates compare by instant. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: readonly string[],
): FieldChange[] {
  const normalize = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
  return keys
    .filter((key) => JSON.stringify(normalize(before[key])) !== JSON.stringify(normalize(after[key])))
    .map((key) => ({ field: key, before: normalize(before[key]), after: normalize(after[key]) }));
}

/**
 * SQL for a CTE that writes the history row of the document(s) in CTE `source`, inside the write's own statement.
 * Takes six parameters from `$first`: action, actor type, actor id, actor label, changes (JSON text), request id;
 * `createdAt` is an SQL expression.
 */
export function historyInsertSql(source: string, first: number, createdAt: string): string {
  const $ = (offset: number) => `$${first + offset}`;
  return `INSERT INTO "DocumentHistory" ("documentId", "action", "actorType", "actorId", "actorLabel", "changes", "requestId", "createdAt")
    SELECT ${source}."id", ${$(0)}::text, ${$(1)}::"ActorType", ${$(2)}::int, ${$(3)}::text, ${$(4)}::jsonb, ${$(5)}::text, ${createdAt}
    FROM ${source}`;
}

/** The six parameters of historyInsertSql, in order. */
export function historyParams(action: string, actor: Actor, changes: FieldChange[], requestId?: string): unknown[] {
  const ref = actorRef(actor);
  return [action, ref.actorType, ref.actorId, ref.actorLabel, JSON.stringify(changes), requestId ?? null];
}
