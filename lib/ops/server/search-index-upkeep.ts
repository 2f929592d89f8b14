// Folds the GIN indexes' pending lists in the background, before a write has to.
//
// The find box's and the search's trigram indexes and the history's identifiers index are GIN indexes: they take new
// entries into a pending list and fold it into the index once it passes gin_pending_list_limit (4 MB by default), in
// the backend whose write overflowed it. That write waited 0.36–0.54 s while holding its row locks, once every
// 1,000–1,600 updates (docs/decisions/0034-search-index-upkeep.md), and until then every search scans the growing list
// entry by
// entry. This loop folds the lists first (gin_clean_pending_list), so the writes never do.
//
// Folding a small list costs more per entry than folding a full one (the same trigram keys are looked up in the index
// once per fold), so each index is paced on its own: a fold answers how many pages that index's list held, and its
// next fold comes sooner when that was more than TARGET_PAGES, later when less — from every MIN_SECONDS under a burst
// of writes to every MAX_SECONDS when idle. On PostgreSQL servers only: PGlite is one connection, where a fold blocks
// every query as the write's own fold does, so there it is left to the write.
// Not marked server-only: `npm run worker` (scripts/worker.ts) starts it outside Next.
import "server-only";
import { config } from "../../config/index.ts";
import { databaseTarget, openPgPool } from "../../db/connection.ts";
import { poolSession, type Sql } from "../../db/sql-session.ts";
import { describeFailure } from "../../jobs/job.ts";
import { startPollingLoop, type PollingLoop } from "../../jobs/polling-loop.ts";
import { log } from "../../log.ts";

const LOOP_KEY = "__docflowSearchIndexLoop";
/** Three quarters of the default 4 MB list (8 kB pages): folded before it fills, in batches nearly as large. */
export const TARGET_PAGES = 384;
export const MIN_SECONDS = 1;
export const MAX_SECONDS = 10;

// Every GIN index of the app's schema but those in $1 (not due yet), and the pages gin_clean_pending_list took off
// each one's list. It needs the indexes' owner (the role that ran the migrations), as VACUUM does. (An oid past 2^31
// comes back as a negative int and goes back in as the same oid.)
const FOLD_SQL = `SELECT c."oid"::int AS "index", gin_clean_pending_list(c."oid")::int AS "pages"
  FROM pg_class c JOIN pg_am a ON a."oid" = c."relam"
 WHERE a."amname" = 'gin' AND c."relkind" = 'i' AND c."relnamespace" = current_schema()::regnamespace
   AND NOT (c."oid" = ANY($1::oid[]))`;

export type Fold = { index: number; pages: number };

/** Folds the GIN pending lists of the app's schema into their indexes, but those of `skip` (index oids). */
export async function foldSearchIndexes(sql: Sql, skip: number[] = []): Promise<Fold[]> {
  return (await sql<Fold>(FOLD_SQL, [skip])).rows;
}

/** The pause before an index's next fold, from its last one and the pages it found: aimed at TARGET_PAGES. */
export function nextFoldSeconds(previousSeconds: number, pages: number): number {
  const factor = pages === 0 ? 2 : Math.min(2, Math.max(1 / 8, TARGET_PAGES / pages));
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, previousSeconds * factor));
}

/** When each index is due, from its folds: the state of one process's loop. */
export function foldSchedule(now: () => number = Date.now) {
  const indexes = new Map<number, { seconds: number; dueAt: number }>();
  return {
    /** The indexes not due yet, to leave out of the next fold. */
    notDue: () => [...indexes].filter(([, state]) => state.dueAt > now()).map(([index]) => index),
    /** Records a fold that left out `skipped`: each index it folded gets its next time; one it neither folded nor
     * left out is gone (a migration dropped it). */
    record(folds: Fold[], skipped: number[]) {
      const answered = new Set([...skipped, ...folds.map((fold) => fold.index)]);
      for (const index of indexes.keys()) if (!answered.has(index)) indexes.delete(index);
      for (const { index, pages } of folds) {
        const seconds = nextFoldSeconds(indexes.get(index)?.seconds ?? MIN_SECONDS, pages);
        indexes.set(index, { seconds, dueAt: now() + seconds * 1000 });
      }
    },
    /** Seconds until the next index is due (MIN_SECONDS when none is known yet). */
    secondsToNext: () => {
      if (indexes.size === 0) return MIN_SECONDS;
      const next = Math.min(...[...indexes.values()].map((state) => state.dueAt));
      return Math.max(0.05, (next - now()) / 1000);
    },
  };
}

// A role that does not own the indexes (42501), or a standby (25006, 55000 "recovery is in progress"), cannot fold:
// the writes keep folding the lists themselves, as they did before this loop.
const CANNOT_FOLD = new Set(["42501", "25006", "55000"]);

/**
 * The loop's own connection, apart from the API's pool: a fold holds its connection for up to half a second of
 * PostgreSQL's CPU (longer on a busy server), and a pool connection held that long is capacity the API's calls lose.
 */
async function foldConnection(url: string): Promise<{ sql: Sql; close: () => Promise<void> }> {
  const pool = await openPgPool(url, { max: 1, statementTimeout: true });
  return { sql: poolSession(pool, { prepared: true }).query, close: () => pool.end() };
}

/** Starts this process's fold loop on a PostgreSQL server (null on PGlite, or with SEARCH_INDEX_UPKEEP off). */
export function startSearchIndexUpkeep(options: { owner: string; unref?: boolean }): PollingLoop | null {
  const target = databaseTarget();
  if (target.kind !== "postgres" || !config("SEARCH_INDEX_UPKEEP")) return null;
  const schedule = foldSchedule();
  let pauseSeconds = MIN_SECONDS;
  let connection: ReturnType<typeof foldConnection> | undefined;
  const loop: PollingLoop = startPollingLoop(LOOP_KEY, {
    owner: options.owner,
    unref: options.unref,
    pollSeconds: () => pauseSeconds,
    poll: async () => {
      try {
        const skipped = schedule.notDue();
        connection ??= foldConnection(target.url);
        schedule.record(await foldSearchIndexes((await connection).sql, skipped), skipped);
        pauseSeconds = schedule.secondsToNext();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === "string" && CANNOT_FOLD.has(code)) {
          log.warn("search_index_upkeep.off", { owner: options.owner, code });
          void loop.stop();
        } else {
          log.error("search_index_upkeep.fold_failed", { owner: options.owner, error: describeFailure(error) });
          pauseSeconds = MAX_SECONDS;
        }
      }
      return false;
    },
    onStopping: async () => {
      await (await connection)?.close();
    },
  });
  return loop;
}
