import { applyMigrations } from "./migrate.ts";
import { databaseTarget, openConnection, type DatabaseTarget } from "./connection.ts";

// Several app servers may start at once on one PostgreSQL: a session advisory lock lets one migrate at a time.
const MIGRATION_LOCK_ID = 7_261_122;

/** Brings the database up to the committed migrations. Returns the names applied now. */
export async function deployMigrations(target: DatabaseTarget = databaseTarget()): Promise<string[]> {
  if (target.kind === "pglite") {
    const connection = await openConnection(target);
    try {
      return await applyMigrations(connection.factory);
    } finally {
      await connection.close();
    }
  }
  const pg = await import("pg");
  const lockClient = new pg.default.Client({ connectionString: target.url, connectionTimeoutMillis: 10_000 });
  await lockClient.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const connection = await openConnection(target, { noStatementTimeout: true });
    try {
      return await applyMigrations(connection.factory);
    } finally {
      await connection.close();
    }
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await lockClient.end();
  }
}

/**
 * Migrates the database this process already has open (tests, benchmarks and the embedded start, where PGlite is one
 * connection). PostgreSQL takes the path above: the app's connections carry a statement timeout, and an index built
 * on a large table (a 1,000,000-document benchmark database) outlasts it.
 */
export async function deployMigrationsOnOpenDatabase(): Promise<string[]> {
  const target = databaseTarget();
  if (target.kind !== "pglite") return deployMigrations(target);
  const { getDb, getConnection } = await import("./client.ts");
  await getDb();
  return applyMigrations((await getConnection()).factory);
}
