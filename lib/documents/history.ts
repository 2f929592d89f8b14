import { actorRef, type Actor } from "../auth/actor.ts";
import type { Tx } from "../db/transaction.ts";

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
