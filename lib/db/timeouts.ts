// How long API work may wait before it answers 503 instead (see docs/reliability.md). Read on every use, so tests
// and operators can change them through the environment without code.

export function intFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

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
    lockMs: intFromEnv("API_LOCK_TIMEOUT_MS", 2_000),
    statementMs: intFromEnv("API_STATEMENT_TIMEOUT_MS", 5_000),
    connectionWaitMs: intFromEnv("DATABASE_CONNECT_TIMEOUT_MS", 3_000),
    rowQueueMs: intFromEnv("API_ROW_QUEUE_TIMEOUT_MS", 30_000),
  };
}
