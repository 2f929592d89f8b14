import "server-only";
import { rawQuery } from "../../db/raw-query.ts";
import { registerProcessCache } from "../../cache/process-caches.ts";

// How many document-API reads each token made with the personal data in clear: a number per token for admins, never
// the values. Counted in memory and added to ApiToken.unmaskedReads in one statement at most every FLUSH_MS: a write
// per read would put every read of a busy integration token in line for the same row lock. The price: an admin sees
// the count up to FLUSH_MS late (the token list flushes this server's counts first), and a crash loses at most the
// last FLUSH_MS of counts — this is a usage figure, the reads themselves are not recorded anywhere else either.

const FLUSH_MS = 2_000;
const state = ((globalThis as Record<string, unknown>).__docflowUnmaskedReads ??= {
  pending: new Map<number, number>(),
  timer: null as NodeJS.Timeout | null,
}) as { pending: Map<number, number>; timer: NodeJS.Timeout | null };
registerProcessCache("unmasked-reads", () => {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  state.pending.clear();
});

/** Counts one clear read by `tokenId`. */
export function countUnmaskedRead(tokenId: number): void {
  state.pending.set(tokenId, (state.pending.get(tokenId) ?? 0) + 1);
  if (!state.timer) {
    state.timer = setTimeout(() => void flushUnmaskedReads().catch(() => {}), FLUSH_MS);
    state.timer.unref();
  }
}

/** Writes the counts gathered on this server; on failure they stay for the next flush. */
export async function flushUnmaskedReads(): Promise<void> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  if (state.pending.size === 0) return;
  const batch = [...state.pending];
  state.pending.clear();
  try {
    await rawQuery(
      `UPDATE "ApiToken" t SET "unmaskedReads" = t."unmaskedReads" + v.n
       FROM unnest($1::int[], $2::int[]) AS v(id, n) WHERE t."id" = v.id`,
      [batch.map(([id]) => id), batch.map(([, n]) => n)],
    );
  } catch (error) {
    for (const [id, n] of batch) state.pending.set(id, (state.pending.get(id) ?? 0) + n);
    throw error;
  }
}
