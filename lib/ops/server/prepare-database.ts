import "server-only";
import { closeDb, getDb } from "../../db/client.ts";
import { databaseTarget, type DatabaseTarget } from "../../db/connection.ts";
import { deployMigrations, deployMigrationsOnOpenDatabase } from "../../db/deploy.ts";
import { ensureFirstAdmin, type FirstAdminResult } from "../../seed/server/first-admin.ts";
import { seedIfEmpty, type SeedResult } from "../../seed/server/seed-database.ts";

// Bringing a database to a usable state, shared by `npm start` and `npm run db:seed`: migrations, then the default
// instance when the database is empty, then (start only) the first admin when there is no user. On PostgreSQL,
// several servers may start at once: migrations run under their own advisory lock, seeding under this one.
const BOOTSTRAP_LOCK_ID = 7_261_123;

type PreparedDatabase = {
  target: DatabaseTarget;
  applied: string[];
  seed: SeedResult;
  admin: FirstAdminResult | null;
};

/** Migrates, seeds an empty database and optionally creates the first admin; closes the database before returning. */
export async function prepareDatabase(options: {
  firstAdmin: boolean;
  /** The seeded instance's company name (`npm run db:seed -- --company-name`). */
  companyName?: string | null;
}): Promise<PreparedDatabase> {
  const target = databaseTarget();
  try {
    let applied: string[];
    if (target.kind === "pglite") {
      // One process, one open: migrate on the connection the seed uses rather than opening the folder twice.
      await getDb();
      applied = await deployMigrationsOnOpenDatabase();
    } else {
      applied = await deployMigrations(target);
    }
    const populate = async () => {
      const db = await getDb();
      const seed = await seedIfEmpty(db, { companyName: options.companyName });
      const admin = options.firstAdmin ? await ensureFirstAdmin(db) : null;
      return { seed, admin };
    };
    const { seed, admin } =
      target.kind === "postgres" ? await withAdvisoryLock(target.url, populate) : await populate();
    return { target, applied, seed, admin };
  } finally {
    await closeDb();
  }
}

async function withAdvisoryLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [BOOTSTRAP_LOCK_ID]);
    return await fn();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [BOOTSTRAP_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
