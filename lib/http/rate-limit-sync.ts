import { keyedHash } from "../auth/secrets.ts";
import { databaseTarget } from "../db/connection.ts";
import { log } from "../log.ts";

// Shares the rate-limit counters of all app servers on one PostgreSQL without a statement per request: each server
// counts locally and, about once a second, adds what it counted to RateLimitCounter with one batched
// INSERT … ON CONFLICT DO UPDATE … RETURNING, which also tells it everyone's totals. A key this server has not merged
// within the last second, or past 80 % of its limit, is merged at once (in the background), so a caller that moves to
// another server is known there within one round trip. PGlite is one process: its counters stay in memory.

/** A key's window as this server sees it: everyone's total at the last sync, plus what it counted since. */
export type WindowCounter = { start: number; shared: number; unsynced: number; mergedAt: number; previous: number };

export const SYNC_INTERVAL_MS = 1_000;
/** Windows older than this are deleted from the table now and then. */
const KEEP_MS = 5 * 60_000;

type Sync = { timer: NodeJS.Timeout | null; running: boolean; again: boolean; ticks: number; failing: boolean };
const sync: Sync = ((globalThis as Record<string, unknown>).__docflowRateLimitSync ??= {
  timer: null,
  running: false,
  again: false,
  ticks: 0,
  failing: false,
}) as Sync;

let onPostgres: boolean | undefined;

/** Near its limit, a key is merged after every request (in the background, one statement at a time). */
const EAGER_FROM = 0.8;

/**
 * Called on every counted request; no I/O on the caller's path. A key whose totals are older than the sync interval
 * (new here, or back after a pause) or near its limit is merged at once in the background: the request in hand is
 * judged on what this server knew, the next ones on fresh totals. Merges are coalesced (one statement at a time).
 */
export function startSharedCounting(windows: Map<string, WindowCounter>, key: string, limit: number): void {
  onPostgres ??= databaseTarget().kind === "postgres";
  if (!onPostgres) return;
  const window = windows.get(key)!;
  sync.timer ??= setInterval(() => void flush(windows), SYNC_INTERVAL_MS).unref();
  const stale = Date.now() - window.mergedAt >= SYNC_INTERVAL_MS;
  if (stale || window.shared + window.unsynced >= limit * EAGER_FROM) void flush(windows);
}

/** Adds every unsynced count to the table in one statement and takes back the totals. */
export async function flush(windows: Map<string, WindowCounter>): Promise<void> {
  if (sync.running) {
    sync.again = true;
    return;
  }
  sync.running = true;
  try {
    do {
      sync.again = false;
      await flushOnce(windows);
    } while (sync.again);
    sync.failing = false;
  } catch (error) {
    // The database is away: counting goes on locally and the next tick retries with everything still unsynced.
    if (!sync.failing) {
      log.warn("rate_limit.sync_failed", { error: error instanceof Error ? error.message.split("\n").at(-1) : "?" });
    }
    sync.failing = true;
  } finally {
    sync.running = false;
  }
}

async function flushOnce(windows: Map<string, WindowCounter>): Promise<void> {
  const batch = [...windows].filter(([, window]) => window.unsynced > 0);
  if (batch.length === 0) return;
  const mergedAt = Date.now();
  const sent = batch.map(([key, window]) => ({ key, window, hash: keyedHash(`rate:${key}`), delta: window.unsynced }));
  const { getDb, Prisma } = await import("../db/client.ts");
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ key: string; count: number }>>(Prisma.sql`
    INSERT INTO "RateLimitCounter" ("key", "windowStart", "count")
    SELECT * FROM unnest(${sent.map((s) => s.hash)}::text[], ${sent.map((s) => new Date(s.window.start))}::timestamptz[],
      ${sent.map((s) => s.delta)}::int[])
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitCounter"."count" + EXCLUDED."count"
    RETURNING "key", "count"`);
  const totals = new Map(rows.map((row) => [row.key, Number(row.count)]));
  for (const { hash, window, delta } of sent) {
    window.unsynced -= delta; // what was counted meanwhile stays for the next round
    window.shared = totals.get(hash) ?? window.shared + delta;
    window.mergedAt = mergedAt;
  }
  sync.ticks += 1;
  if (sync.ticks % 60 === 0) {
    await db.$executeRaw`DELETE FROM "RateLimitCounter" WHERE "windowStart" < ${new Date(Date.now() - KEEP_MS)}`;
  }
}
