// The one raw-SQL runner: `Sql` sends one statement with $n parameters and answers its rows and row count, over the
// process's pg pool or PGlite handle; `SqlSession.transaction` is the one place a raw transaction begins, commits and
// rolls back. The document API's hot paths (raw-query.ts, with prepared statements) and the job engine (lib/jobs,
// whose erasure composes statements per table: unnamed) both run on it.
//
// Not Prisma's interactive `$transaction`: with @prisma/adapter-pg a PostgreSQL error raised inside one (which is
// exactly what a failing deletion is) can leave the client handing later queries other queries' results
// (prisma/orm#30374), and it costs more per call than the two statements a document write carries. Here a
// transaction runs on one dedicated pool client (or inside PGlite's own `transaction`, which serialises with
// everything else on its single connection), and a client whose ROLLBACK failed is destroyed, not pooled again.
import type { PGlite } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import type { Pool, PoolClient, QueryConfig } from "pg";
import { getConnection } from "./client.ts";
import { pglitePreparedQuery } from "./pglite-prepared.ts";

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
    text: string | QueryConfig,
    params?: unknown[],
  ) => Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>;
};

// With `prepared` (pg only), every statement goes as a named (prepared) statement: pg parses it once per pooled
// connection and PostgreSQL keeps its plan there, instead of parsing and planning it on every call (the
// read view spent as long planning as executing). The name is a digest of the text, so such a session's SQL must be
// constant text with $n parameters — the hot paths pass module constants. A safety valve keeps a runaway caller with
// generated text from filling every connection with statements: past MAX_NAMED distinct texts, new ones go unnamed.
// On PGlite, whose `query` always parses an unnamed statement, pglite-prepared.ts names them through its protocol.
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

/** The runner over one connection the caller holds itself (a script's or a benchmark's own pg.Client), unnamed. */
export function clientSql(client: Queryable): Sql {
  return runner(client);
}

function runner(target: Queryable, prepared = false): Sql {
  return async <Row>(text: string, params: unknown[] = []) => {
    const result = prepared ? await target.query(preparedStatement(text, params)) : await target.query(text, params);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.affectedRows ?? 0 };
  };
}

const beginStatement = (bounds?: TransactionBounds) =>
  bounds
    ? `BEGIN; SELECT set_config('lock_timeout', '${Math.round(bounds.lockMs)}ms', true), ` +
      `set_config('statement_timeout', '${Math.round(bounds.statementMs)}ms', true)`
    : "BEGIN";

export function poolSession(pool: Pool, { prepared = false }: { prepared?: boolean } = {}): SqlSession {
  return {
    query: runner(pool as unknown as Queryable, prepared),
    transaction: async (work, options = {}) => {
      const client: PoolClient = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(beginStatement(options.bounds));
        const result = await work(runner(client as unknown as Queryable, prepared));
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

export function pgliteSession(pglite: PGlite, { prepared = false }: { prepared?: boolean } = {}): SqlSession {
  return {
    query: prepared ? pgliteRunner(pglite, null) : runner(pglite as unknown as Queryable),
    transaction: (work) =>
      pglite.transaction((tx) =>
        work(prepared ? pgliteRunner(pglite, tx as unknown as Queryable) : runner(tx as unknown as Queryable)),
      ),
  };
}

/**
 * On PGlite, `prepared` statements go through pglite-prepared.ts; `tx`: the open transaction's handle (past
 * MAX_NAMED texts, statements go through its `query`, or the handle's, as unprepared ones).
 */
function pgliteRunner(pglite: PGlite, tx: Queryable | null): Sql {
  const unprepared = runner(tx ?? (pglite as unknown as Queryable));
  return async <Row>(text: string, params: unknown[] = []) => {
    const { name } = preparedStatement(text, params);
    if (!name) return unprepared<Row>(text, params);
    const result = await pglitePreparedQuery(pglite, name, text, params, tx !== null);
    return { rows: result.rows as Row[], rowCount: result.rowCount };
  };
}

/** The session over this process's database connection (lib/db/client.ts); `prepared`: see preparedStatement. */
export async function defaultSession(options: { prepared?: boolean } = {}): Promise<SqlSession> {
  const connection = await getConnection();
  if (connection.pool) return poolSession(connection.pool, options);
  if (connection.pglite) return pgliteSession(connection.pglite, options);
  throw new Error("The database connection has neither a pg pool nor a PGlite handle");
}
