import "server-only";
import { actorRef, type Actor } from "../../auth/actor.ts";
import type { Placeholders } from "../../db/named-params.ts";
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

/** The parameters of historyInsertSql, by name and SQL type (spread into a statement's namedParams). */
export const HISTORY_PARAMS = {
  action: "text",
  actorType: '"ActorType"',
  actorId: "int",
  actorLabel: "text",
  changes: "jsonb",
  requestId: "text",
} as const;

/**
 * SQL for a CTE that writes the history row of the document(s) in CTE `source`, inside the write's own statement,
 * from the statement's HISTORY_PARAMS placeholders; `createdAt` is an SQL expression.
 */
export function historyInsertSql(
  source: string,
  $: Placeholders<keyof typeof HISTORY_PARAMS>,
  createdAt: string,
): string {
  return `INSERT INTO "DocumentHistory" ("documentId", "action", "actorType", "actorId", "actorLabel", "changes", "requestId", "createdAt")
    SELECT ${source}."id", ${$.action}, ${$.actorType}, ${$.actorId}, ${$.actorLabel}, ${$.changes}, ${$.requestId}, ${createdAt}
    FROM ${source}`;
}

/** The values of HISTORY_PARAMS. */
export function historyValues(action: string, actor: Actor, changes: FieldChange[], requestId?: string) {
  const ref = actorRef(actor);
  return {
    action,
    actorType: ref.actorType,
    actorId: ref.actorId,
    actorLabel: ref.actorLabel,
    changes: JSON.stringify(changes),
    requestId: requestId ?? null,
  };
}
