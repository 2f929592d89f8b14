import type { Db } from "../../db/client.ts";

type LgpdQueueState = { byStatus: Record<string, number>; oldestPendingSeconds: number };

/** The LGPD deletion queue in one statement: requests by status and the age of the oldest pending one. */
export async function lgpdQueueState(db: Db): Promise<LgpdQueueState> {
  const rows = await db.$queryRawUnsafe<Array<{ status: string; n: number; oldest: number | null }>>(
    `SELECT status::text AS status, count(*)::int AS n,
            extract(epoch FROM now() - min("requestedAt"))::float8 AS oldest
       FROM "LgpdRequest" GROUP BY status`,
  );
  const byStatus: Record<string, number> = {};
  let oldestPendingSeconds = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    if (row.status === "pending") oldestPendingSeconds = Math.max(0, Number(row.oldest ?? 0));
  }
  return { byStatus, oldestPendingSeconds };
}
