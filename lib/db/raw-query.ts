// The document API's hot paths on the one raw-SQL runner (sql-session.ts): statements sent straight to the driver,
// skipping Prisma's client engine, for SQL that is constant text with $n parameters (token lookup, read views,
// document writes) — on pg as prepared statements (`prepared: true`: parsed and planned once per pooled connection).
// Rows come as the driver parses them (numbers, Date, parsed JSON, arrays).
import { defaultSession, type Sql } from "./sql-session.ts";
import { apiTimeouts } from "./timeouts.ts";
import { documentKey, serializedOn, type Tx, withRetries } from "./transaction.ts";

export type { Sql, SqlResult } from "./sql-session.ts";

/** One statement on this process's connection. */
export const rawQuery: Sql = async (text, params) => (await defaultSession({ prepared: true })).query(text, params);

/**
 * `work` in one transaction straight on the driver, bounded as inTransaction's are (lock and statement waits past
 * them answer 503); deadlocks and serialization failures are retried (withRetries).
 */
export function rawTransaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
  const { lockMs, statementMs } = apiTimeouts();
  return withRetries(async () =>
    (await defaultSession({ prepared: true })).transaction(work, { bounds: { lockMs, statementMs } }),
  );
}

/** A raw transaction that locks one document's row: its writes queue in this app server, as inDocumentTransaction's. */
export function rawDocumentTransaction<T>(
  instanceId: number,
  documentId: number,
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  return serializedOn(documentKey(instanceId, documentId), () => rawTransaction(work));
}

/**
 * The runner over a Prisma transaction, for callers that already hold one (the CSV import, attachments). Prisma's
 * raw query answers rows only: `rowCount` is the number of rows answered (write with RETURNING to count).
 */
export function prismaRunner(tx: Tx): Sql {
  return async <Row>(text: string, params: unknown[] = []) => {
    const rows = await tx.$queryRawUnsafe<Row[]>(text, ...params);
    return { rows, rowCount: rows.length };
  };
}
