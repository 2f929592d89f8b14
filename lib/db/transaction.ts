import type { Prisma } from "./client.ts";
import { getDb } from "./client.ts";

export type Tx = Prisma.TransactionClient;

const RETRYABLE_SQLSTATES = new Set(["40001", "40P01"]); // serialization failure, deadlock
const MAX_ATTEMPTS = 4;

export function isRetryable(error: unknown): boolean {
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

/**
 * Runs `work` in one transaction, retrying deadlocks and serialization failures (adapter-pg does not map
 * 40P01 to P2034). Waits generously for the connection: on PGlite every transaction queues on one connection.
 */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
  const db = await getDb();
  const timeout = options.timeoutMs ?? 30_000;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.$transaction(work, { maxWait: 30_000, timeout });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}
