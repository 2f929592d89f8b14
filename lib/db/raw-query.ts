import { createHash } from "node:crypto";
import type { QueryConfig } from "pg";
import { getConnection } from "./client.ts";
import { withKeyGate } from "./key-gate.ts";
import { apiTimeouts } from "./timeouts.ts";
import { documentKey, type Tx, withRetries } from "./transaction.ts";
import { isLockTimeout } from "./unavailable.ts";

/** Sends one SQL statement with $n parameters and answers its rows. */
export type SqlRunner = <T = Record<string, unknown>>(text: string, params: unknown[]) => Promise<T[]>;

// On PostgreSQL every statement of this runner goes as a named (prepared) statement: pg parses it once per pooled
// connection and PostgreSQL keeps its plan there, instead of parsing and planning it on every call (issue 17: the
// read view spent as long planning as executing). The name is a digest of the text, so the runner's SQL must be
// constant text with $n parameters — which it is: every caller passes a module constant. A safety valve keeps a
// runaway caller with generated text from filling every connection with statements: past MAX_NAMED distinct texts,
// new ones go unnamed. PGlite has no named statements (its `query` always parses an unnamed one; docs/decisions.md).
const MAX_NAMED = 500;
const statementNames = new Map<string, string>();

/** The prepared statement `text` is sent as on pg: its name (a digest of the text) and its parameters. */
function preparedStatement(text: string, params: unknown[]): QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `docflow_${createHash("sha256").update(text).digest("base64url").slice(0, 22)}`;
    statementNames.set(text, name);
  }
  return name === undefined ? { text, values: params } : { name, text, values: params };
}

/**
 * One fixed SQL statement sent straight to the driver (the pg pool as a prepared statement, or the PGlite instance),
 * skipping Prisma's client engine: for the per-request hot paths (token lookup, document read views) whose SQL is
 * constant text with $n parameters. Rows come as the driver parses them (numbers, Date, parsed JSON, arrays).
 */
export const rawQuery: SqlRunner = async <T>(text: string, params: unknown[]) => {
  const connection = await getConnection();
  if (connection.pool) return (await connection.pool.query(preparedStatement(text, params))).rows as T[];
  return (await connection.pglite!.query<T>(text, params)).rows;
};

/**
 * `work` in one transaction straight on the driver (one pooled pg client, or a PGlite transaction), for the document
 * API's writes: Prisma's interactive transactions cost more per call than the two statements they carry. Deadlocks
 * and serialization failures are retried as inTransaction's are (withRetries).
 */
export async function rawTransaction<T>(work: (query: SqlRunner) => Promise<T>): Promise<T> {
  const connection = await getConnection();
  const limits = apiTimeouts();
  if (!connection.pool) {
    const pglite = connection.pglite!;
    return withRetries(() =>
      pglite.transaction((tx) =>
        work(async <R>(text: string, params: unknown[]) => (await tx.query<R>(text, params)).rows),
      ),
    );
  }
  const pool = connection.pool;
  return withRetries(async () => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // BEGIN and the transaction's own bounds (SET LOCAL: they end with it) in one round trip, as inTransaction
      // sets them: a lock or statement wait past them answers 503 (lib/db/unavailable.ts).
      await client.query(
        `BEGIN; SELECT set_config('lock_timeout', '${limits.lockMs}ms', true), ` +
          `set_config('statement_timeout', '${limits.statementMs}ms', true)`,
      );
      const result = await work(
        async <R>(text: string, params: unknown[]) => (await client.query(preparedStatement(text, params))).rows as R[],
      );
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  });
}

/** A raw transaction that locks one document's row: its writes queue in this app server, as inDocumentTransaction's. */
export function rawDocumentTransaction<T>(
  instanceId: number,
  documentId: number,
  work: (query: SqlRunner) => Promise<T>,
): Promise<T> {
  return withKeyGate(
    documentKey(instanceId, documentId),
    apiTimeouts().rowQueueMs,
    () => rawTransaction(work),
    isLockTimeout,
  );
}

/** A SqlRunner over a Prisma transaction, for callers that already hold one (the CSV import). */
export function prismaRunner(tx: Tx): SqlRunner {
  return <T>(text: string, params: unknown[]) => tx.$queryRawUnsafe<T[]>(text, ...params);
}
