import "server-only";
import { keyedHash } from "../../auth/server/secrets.ts";
import { databaseTarget } from "../../db/connection.ts";
import { log } from "../../log.ts";
import { registerProcessCache } from "../../cache/process-caches.ts";

// Shares the rate-limit counters of all app servers on one PostgreSQL without a statement per request: each server
// counts locally and, about once a second, adds what it counted to RateLimitCounter with one batched
// INSERT … ON CONFLICT DO UPDATE … RETURNING, which also tells it everyone's totals. A key this server has not merged
// within the last second, that has used a tenth of its remaining headroom since its last merge, or is past 80 % of
// its limit, is merged at once (in the background), so a caller that moves between servers is known on each within a
// round trip. PGlite is one process: its counters stay in memory.

/** A key's window as this server sees it: everyone's total at the last sync, plus what it counted since. */
export type WindowCounter = {
  start: number;
  shared: number;
  unsynced: number;
  mergedAt: number;
  previous: number;
  /** When this server last counted a request for the key. */
  usedAt: number;
  /** What the other servers have added to this window, as learned by this server's merges and re-reads so far. */
  foreign: number;
};

export const SYNC_INTERVAL_MS = 1_000;
/**
 * A key this server counted within this time is re-read on every tick even when it has nothing to add: a caller that
 * moved to another server and comes back is judged here on everyone's count, not on this server's last merge.
 */
const REFRESH_USED_WITHIN_MS = 10_000;
/** Windows older than this are deleted from the table now and then. */
const KEEP_MS = 5 * 60_000;

type Sync = {
  timer: NodeJS.Timeout | null;
  /** The merge loop under way: it settles after a round that began after every count made before it was joined. */
  running: Promise<void> | null;
  again: boolean;
  ticks: number;
  failing: boolean;
};
const sync: Sync = ((globalThis as Record<string, unknown>).__docflowRateLimitSync ??= {
  timer: null,
  running: null,
  again: false,
  ticks: 0,
  failing: false,
}) as Sync;

let onPostgres: boolean | undefined;
registerProcessCache("rate-limit-sync", () => {
  if (sync.timer) clearInterval(sync.timer);
  Object.assign(sync, { timer: null, running: null, again: false, ticks: 0, failing: false });
  onPostgres = undefined;
});

/**
 * Near its limit, a request waits for a merge and is judged on everyone's totals. Judged on what its server knew, a
 * caller alternating between two servers got 67 of 60 auth/token attempts through on a loaded machine: each server
 * admitted requests while its background merge was still on its way. ("Near" is this server's view, which lags the
 * others by at most their slices below, because the request that uses a slice up waits too.)
 */
const EAGER_FROM = 0.8;
/**
 * Between ticks, a key is merged once this server has counted this share of what was left of its limit at its last
 * merge, and the request that used the slice up waits for it. Without the slice, a caller spreading requests over
 * several servers was merged only by the once-a-second tick: within that second each server admitted up to the whole
 * limit on its own (80 of 80 auth/token attempts alternating between two servers, each seeing 40 of its 60). With it,
 * what a server admits unknown to the others stays below a tenth of the remaining headroom, so their shared view
 * reaches EAGER_FROM before the limit — but only if the request that uses a slice up waits: merged in the background
 * on a loaded machine, 68 of 60 still passed with the wait near the limit alone.
 */
const SLICE_OF_HEADROOM = 0.1;

/**
 * Called on every counted request. Near the limit, for a key's first request on this server in a window, and for
 * the request that uses up this server's slice of the headroom, it returns the merge to wait for, resolving to what
 * the other servers were found to have added meanwhile. Otherwise there is no I/O on the caller's path: a key whose
 * totals are older than the sync interval (back after a pause) is merged in the background, and the request is judged
 * on what this server knew. Merges are coalesced (one statement at a time), so concurrent requests that wait share one
 * round trip.
 */
export function startSharedCounting(
  windows: Map<string, WindowCounter>,
  key: string,
  limit: number,
): Promise<number> | undefined {
  onPostgres ??= databaseTarget().kind === "postgres";
  if (!onPostgres) return undefined;
  const window = windows.get(key)!;
  sync.timer ??= setInterval(() => void flush(windows), SYNC_INTERVAL_MS).unref();
  // A key this server has not merged in this window yet knows nothing of the others' counts (a caller moving here).
  const unknownHere = window.mergedAt === 0;
  // The slice bounds what every server admits unknown to the others only if the request that uses it up waits for the
  // merge: merged in the background, a slow merge let a server go on admitting on a view that lagged far behind.
  const sliceUsed = window.unsynced >= Math.max(1, Math.ceil((limit - window.shared) * SLICE_OF_HEADROOM));
  const near = window.shared + window.unsynced >= limit * EAGER_FROM;
  // While the database is away, waiting would only add its connection timeout: judged locally until it is back.
  if (!sync.failing && (unknownHere || sliceUsed || near)) {
    const foreignBefore = window.foreign;
    return flush(windows).then(() => window.foreign - foreignBefore);
  }
  if (Date.now() - window.mergedAt >= SYNC_INTERVAL_MS) void flush(windows);
  return undefined;
}

/**
 * Adds every unsynced count to the table in one statement and takes back the totals. Never rejects: while the
 * database is away counting goes on locally and the next tick retries with everything still unsynced.
 */
export function flush(windows: Map<string, WindowCounter>): Promise<void> {
  if (sync.running) {
    sync.again = true; // the loop under way runs one more round, which takes this caller's counts
    return sync.running;
  }
  sync.running = (async () => {
    try {
      do {
        sync.again = false;
        await flushOnce(windows);
      } while (sync.again);
      sync.failing = false;
    } catch (error) {
      if (!sync.failing) {
        log.warn("rate_limit.sync_failed", { error: error instanceof Error ? error.message.split("\n").at(-1) : "?" });
      }
      sync.failing = true;
    } finally {
      sync.running = null;
    }
  })();
  return sync.running;
}

async function flushOnce(windows: Map<string, WindowCounter>): Promise<void> {
  const now = Date.now();
  const batch = [...windows].filter(([, window]) => window.unsynced > 0);
  const idle = [...windows].filter(
    ([, window]) =>
      window.unsynced === 0 &&
      window.usedAt >= now - REFRESH_USED_WITHIN_MS &&
      window.mergedAt < now - SYNC_INTERVAL_MS / 2, // not the ones an eager merge just brought back
  );
  if (batch.length === 0 && idle.length === 0) return;
  const { getDb, Prisma } = await import("../../db/client.ts");
  const db = await getDb();
  if (idle.length > 0) await refresh(db, Prisma, idle, now);
  if (batch.length === 0) return;
  const sent = batch.map(([key, window]) => ({ key, window, hash: keyedHash(`rate:${key}`), delta: window.unsynced }));
  const rows = await db.$queryRaw<Array<{ key: string; count: number }>>(Prisma.sql`
    INSERT INTO "RateLimitCounter" ("key", "windowStart", "count")
    SELECT * FROM unnest(${sent.map((s) => s.hash)}::text[], ${sent.map((s) => new Date(s.window.start))}::timestamptz[],
      ${sent.map((s) => s.delta)}::int[])
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitCounter"."count" + EXCLUDED."count"
    RETURNING "key", "count"`);
  const totals = new Map(rows.map((row) => [row.key, Number(row.count)]));
  for (const { hash, window, delta } of sent) {
    window.unsynced -= delta; // what was counted meanwhile stays for the next round
    const total = totals.get(hash) ?? window.shared + delta;
    window.foreign += Math.max(0, total - window.shared - delta);
    window.shared = total;
    window.mergedAt = now;
  }
  sync.ticks += 1;
  if (sync.ticks % 60 === 0) {
    await db.$executeRaw`DELETE FROM "RateLimitCounter" WHERE "windowStart" < ${new Date(Date.now() - KEEP_MS)}`;
  }
}

type DbModule = typeof import("../../db/client.ts");

/** Takes back everyone's totals for keys this server has nothing to add to (read only: no row is written). */
async function refresh(
  db: Awaited<ReturnType<DbModule["getDb"]>>,
  Prisma: DbModule["Prisma"],
  idle: Array<[string, WindowCounter]>,
  readAt: number,
): Promise<void> {
  const wanted = idle.map(([key, window]) => ({ window, hash: keyedHash(`rate:${key}`) }));
  const rows = await db.$queryRaw<Array<{ key: string; windowStart: Date; count: number }>>(Prisma.sql`
    SELECT "key", "windowStart", "count" FROM "RateLimitCounter"
    WHERE "key" = ANY(${wanted.map((entry) => entry.hash)}::text[])`);
  const totals = new Map(rows.map((row) => [`${row.key}@${row.windowStart.getTime()}`, Number(row.count)]));
  for (const { hash, window } of wanted) {
    const total = totals.get(`${hash}@${window.start}`);
    if (total === undefined || window.unsynced !== 0) continue; // counted meanwhile: the next merge brings the total
    window.foreign += Math.max(0, total - window.shared);
    window.shared = Math.max(window.shared, total);
    window.mergedAt = readAt;
  }
}
