// How long API work may wait before it answers 503 instead (see docs/reliability.md). Read on every use (lib/config
// parses again only when the text changes), so tests can change them through the environment without code.
import { config } from "../config/index.ts";

export type ApiTimeouts = {
  /** PostgreSQL `lock_timeout` of an API transaction: the longest wait for a row another transaction holds. */
  lockMs: number;
  /** PostgreSQL `statement_timeout` of an API transaction (each statement). */
  statementMs: number;
  /** Waiting for a pool connection (PostgreSQL) or for the one connection (PGlite) before giving up. */
  connectionWaitMs: number;
  /** Writes of one document queue in the app server, not in the pool, for at most this long. As long as the row makes
   * progress (a stuck row empties the queue at its first lock timeout), so it matches the old 30 s transaction wait. */
  rowQueueMs: number;
};

export function apiTimeouts(): ApiTimeouts {
  return {
    lockMs: config("API_LOCK_TIMEOUT_MS"),
    statementMs: config("API_STATEMENT_TIMEOUT_MS"),
    connectionWaitMs: config("DATABASE_CONNECT_TIMEOUT_MS"),
    rowQueueMs: config("API_ROW_QUEUE_TIMEOUT_MS"),
  };
}
