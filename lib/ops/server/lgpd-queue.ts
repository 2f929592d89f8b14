import "server-only";
import type { Db } from "../../db/client.ts";

type LgpdQueueState = {
  byStatus: Record<string, number>;
  oldestPendingSeconds: number;
  /** How long the longest-waiting request the worker may take has been due (0 when none): see lgpdQueueState. */
  overdueSeconds: number;
};

/**
 * The LGPD deletion queue in one statement: requests by status, the age of the oldest pending one, and how far the
 * worker is behind. A request is due `delaySeconds` (LGPD_DELAY_HOURS) after it was received, or when the officer
 * approved it if that came later; one awaiting the officer's review is not due at all (the worker may not take it,
 * processor.ts), so a person's pending decision is never a stuck queue.
 */
export async function lgpdQueueState(db: Db, delaySeconds = 0): Promise<LgpdQueueState> {
  const rows = await db.$queryRawUnsafe<
    Array<{ status: string; n: number; oldest: number | null; overdue: number | null }>
  >(
    `SELECT status::text AS status, count(*)::int AS n,
            extract(epoch FROM now() - min("requestedAt"))::float8 AS oldest,
            extract(epoch FROM now() - min(GREATEST("requestedAt" + make_interval(secs => $1::float8), "reviewedAt"))
              FILTER (WHERE review IS DISTINCT FROM 'awaiting'))::float8 AS overdue
       FROM "LgpdRequest" GROUP BY status`,
    delaySeconds,
  );
  const byStatus: Record<string, number> = {};
  let oldestPendingSeconds = 0;
  let overdueSeconds = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    if (row.status !== "pending") continue;
    oldestPendingSeconds = Math.max(0, Number(row.oldest ?? 0));
    overdueSeconds = Math.max(0, Number(row.overdue ?? 0));
  }
  return { byStatus, oldestPendingSeconds, overdueSeconds };
}
