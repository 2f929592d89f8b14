// The one raw-SQL runner: `Sql` sends one statement with $n parameters and answers its rows and row count, over the
// process's pg pool or PGlite handle; `SqlSession.transaction` is the one place a raw transaction begins, commits and
// rolls back. The document API's hot paths (raw-query.ts) and the job engine (lib/jobs) both run on it.
//
// Not Prisma's interactive `$transaction`: with @prisma/adapter-pg a PostgreSQL error raised inside one (which is
// exactly what a failing deletion is) can leave the client handing later queries other queries' results
// (prisma/orm#30374), and it costs more per call than the two statements a document write carries. Here a
// transaction runs on one dedicated pool client (or inside PGlite's own `transaction`, which serialises with
// everything else on its single connection), and a client whose ROLLBACK failed is destroyed, not pooled again.
import type { PGlite } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";
import { getConnection } from "./client.ts";

export type SqlResult<Row> = { rows: Row[]; rowCount: number };
export type Sql = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<SqlResult<Row>>;

export type TransactionBounds = { lockMs: number; statementMs: number };

export type SqlSession = {
  /** One statement in its own implicit transaction. */
  query: Sql;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. With `bounds` (pg only:
   * PGlite is one connection in this process, nothing else can hold a lock), the transaction's lock and statement
   * waits are limited (SET LOCAL, sent with BEGIN in one round trip; lib/db/unavailable.ts turns them into 503).
   */
  transaction: <T>(work: (sql: Sql) => Promise<T>, options?: { bounds?: TransactionBounds }) => Promise<T>;
};

type Queryable = {
  query: (
    text: string,
    params?: unknown[],
  ) => Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>;
};

function runner(target: Queryable): Sql {
  return async <Row>(text: string, params: unknown[] = []) => {
    const result = await target.query(text, params);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.affectedRows ?? 0 };
  };
}

const beginStatement = (bounds?: TransactionBounds) =>
  bounds
    ? `BEGIN; SELECT set_config('lock_timeout', '${Math.round(bounds.lockMs)}ms', true), ` +
      `set_config('statement_timeout', '${Math.round(bounds.statementMs)}ms', true)`
    : "BEGIN";

export function poolSession(pool: Pool): SqlSession {
  return {
    query: runner(pool as unknown as Queryable),
    transaction: async (work, options = {}) => {
      const client: PoolClient = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(beginStatement(options.bounds));
        const result = await work(runner(client as unknown as Queryable));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}

export function pgliteSession(pglite: PGlite): SqlSession {
  return {
    query: runner(pglite as unknown as Queryable),
    transaction: (work) => pglite.transaction((tx) => work(runner(tx as unknown as Queryable))),
  };
}

/** The session over this process's database connection (lib/db/client.ts). */
export async function defaultSession(): Promise<SqlSession> {
  const connection = await getConnection();
  if (connection.pool) return poolSession(connection.pool);
  if (connection.pglite) return pgliteSession(connection.pglite);
  throw new Error("The database connection has neither a pg pool nor a PGlite handle");
}
