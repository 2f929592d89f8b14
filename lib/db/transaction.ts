import type { Prisma } from "./client.ts";
import { getConnection, getDb } from "./client.ts";
import { withKeyGate } from "./key-gate.ts";
import { apiTimeouts } from "./timeouts.ts";
import { isLockTimeout } from "./unavailable.ts";

export type Tx = Prisma.TransactionClient;

const RETRYABLE_SQLSTATES = new Set(["40001", "40P01"]); // serialization failure, deadlock
const MAX_ATTEMPTS = 4;

function isRetryable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const record = current as { code?: unknown; cause?: unknown; meta?: { code?: unknown } };
    if (record.code === "P2034") return true;
    if (typeof record.code === "string" && RETRYABLE_SQLSTATES.has(record.code)) return true;
    if (typeof record.meta?.code === "string" && RETRYABLE_SQLSTATES.has(record.meta.code)) return true;
    current = record.cause;
  }
  return /deadlock detected|could not serialize/i.test(String((error as Error)?.message ?? ""));
}

export type TransactionOptions = {
  /** Whole-transaction limit (Prisma's interactive-transaction timeout); default 30 s. */
  timeoutMs?: number;
  /**
   * Transactions with the same key run one after another inside this app server, queued in memory rather than in
   * the connection pool (e.g. `documentKey(…)` for work that locks a document row). See lib/db/key-gate.ts.
   */
  serializeOn?: string;
};

/** A transaction that locks one document's row: writes of that document queue in this app server (`serializeOn`). */
export function inDocumentTransaction<T>(
  instanceId: number,
  documentId: number,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return inTransaction(work, { serializeOn: documentKey(instanceId, documentId) });
}

/** The per-row queue key of a document's writes (shared by Prisma and raw-driver transactions). */
export const documentKey = (instanceId: number, documentId: number) => `document:${instanceId}:${documentId}`;

/**
 * Runs `work` in one transaction, retrying deadlocks and serialization failures (adapter-pg does not map 40P01 to
 * P2034). Every wait is bounded (docs/reliability.md): the connection (maxWait / the pool's timeout), row locks and
 * statements (on PostgreSQL, SET LOCAL lock_timeout and statement_timeout), the per-row queue (`serializeOn`). A
 * bound that is hit surfaces as an error the API answers with 503 and Retry-After.
 */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  return serializedOn(options.serializeOn, () => runTransaction(work, options));
}

/**
 * `run` (one whole transaction) queued behind the other transactions of `key` in this app server
 * (lib/db/key-gate.ts, bounded by API_ROW_QUEUE_TIMEOUT_MS); without a key it runs at once. Shared by Prisma and raw-driver
 * transactions.
 */
export function serializedOn<T>(key: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!key) return run();
  // A lock timeout means someone else holds the row: those queued behind would meet the same wall, so they fail too.
  return withKeyGate(key, apiTimeouts().rowQueueMs, run, isLockTimeout);
}

async function runTransaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions): Promise<T> {
  const db = await getDb();
  const limits = apiTimeouts();
  // PGlite is one connection in this process: no other session can hold a lock, and it has no timer signals to cancel
  // a statement, so there the bounds are Prisma's maxWait (to start) and timeout (to finish), both enforced in JS.
  const onServer = Boolean((await getConnection()).pool);
  const bounded = onServer
    ? async (tx: Tx) => {
        // SET LOCAL, in one statement: the limits end with the transaction and never leak into pooled sessions.
        await tx.$executeRaw`SELECT set_config('lock_timeout', ${`${limits.lockMs}ms`}, true),
          set_config('statement_timeout', ${`${limits.statementMs}ms`}, true)`;
        return work(tx);
      }
    : work;
  const timeout = options.timeoutMs ?? 30_000;
  return withRetries(() => db.$transaction(bounded, { maxWait: limits.connectionWaitMs, timeout }));
}

/**
 * Runs `attempt` (one whole transaction) again after a deadlock or serialization failure, up to 4 times with a short
 * jittered pause; any other error, or the last attempt's, goes to the caller. Shared by Prisma and raw-driver
 * transactions.
 */
export async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let count = 1; ; count += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (count >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * count + Math.random() * 30));
    }
  }
}
