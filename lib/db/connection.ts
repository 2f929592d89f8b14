import { mkdirSync } from "node:fs";
import { config } from "../config/index.ts";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { pgliteExtensions } from "./pglite-extensions.ts";
import { keepNewFilesPrivate, tightenModes } from "./private-files.ts";
import { acquirePgliteLock } from "./pglite-lock.ts";
import { apiTimeouts } from "./timeouts.ts";

export { DatabaseInUseError } from "./pglite-lock.ts";

/** Where the data lives: embedded PGlite in a folder, or a PostgreSQL server. */
export type DatabaseTarget = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };

export function databaseTarget(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  // config throws ConfigError ("DATABASE_URL must start with postgresql://") for another dialect.
  const url = config("DATABASE_URL", env);
  if (url) return { kind: "postgres", url };
  return { kind: "pglite", dir: path.resolve(/*turbopackIgnore: true*/ config("PGLITE_DIR", env)) };
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "pglite") return `PGlite at ${target.dir}`;
  const u = new URL(target.url);
  return `PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}`;
}

export type OpenedConnection = {
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** The embedded database, when there is one (it is a single connection shared by everything in the process). */
  pglite?: import("@electric-sql/pglite").PGlite;
  /** The PostgreSQL pool, when on a server. */
  pool?: import("pg").Pool;
  close: () => Promise<void>;
};

/** Opens PGlite (creating its folder) or a pg pool with explicit size and timeouts. */
export async function openConnection(
  target: DatabaseTarget,
  options: { noStatementTimeout?: boolean } = {},
): Promise<OpenedConnection> {
  if (target.kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    // Files 0600, folders 0700: for what PGlite writes from now on (umask) and for what exists already.
    keepNewFilesPrivate();
    mkdirSync(target.dir, { recursive: true, mode: 0o700 });
    tightenModes(target.dir);
    // PGlite does not lock its folder itself; this throws DatabaseInUseError when another live process holds it.
    const releaseLock = await acquirePgliteLock(target.dir);
    let pglite: InstanceType<typeof PGlite>;
    try {
      pglite = await PGlite.create(target.dir, { extensions: await pgliteExtensions() });
      // A new database is unpacked from PGlite's bundled template with the template's modes (0666): fixed here.
      tightenModes(target.dir);
    } catch (error) {
      releaseLock();
      throw new Error(`Could not open the embedded database at ${target.dir}`, { cause: error });
    }
    const factory = new PrismaPGlite(pglite);
    return {
      factory: withAwaitedScripts(factory, pglite),
      pglite,
      close: () => pglite.close().finally(releaseLock),
    };
  }
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const pool = await openPgPool(target.url, {
    max: config("DATABASE_POOL_SIZE"),
    // Migrations build indexes on whole tables (minutes on millions of rows): they run without the limit.
    statementTimeout: !options.noStatementTimeout,
  });
  return { factory: new PrismaPg(pool), pool, close: () => pool.end() };
}

/** A pg pool of `max` connections to `url`, with the configured waits, idle close and (unless off) statement limit. */
export async function openPgPool(
  url: string,
  options: { max: number; statementTimeout: boolean },
): Promise<import("pg").Pool> {
  const pg = await import("pg");
  const pool = new pg.default.Pool({
    connectionString: url,
    max: options.max,
    // A bounded wait for a free connection (or to connect): then the request answers 503 instead of queueing on.
    connectionTimeoutMillis: apiTimeouts().connectionWaitMs,
    idleTimeoutMillis: config("DATABASE_IDLE_TIMEOUT_MS"),
    statement_timeout: options.statementTimeout ? config("DATABASE_STATEMENT_TIMEOUT_MS") : 0,
  });
  // Errors on idle clients (server restart) must not crash the process; the pool replaces them.
  pool.on("error", () => {});
  return pool;
}

/** pglite-prisma-adapter 0.7.2 does not await `exec` in executeScript, so a failing migration looked applied. */
function withAwaitedScripts(
  factory: SqlMigrationAwareDriverAdapterFactory,
  pglite: import("@electric-sql/pglite").PGlite,
): SqlMigrationAwareDriverAdapterFactory {
  const patch = async (adapterPromise: ReturnType<SqlMigrationAwareDriverAdapterFactory["connect"]>) => {
    const adapter = await adapterPromise;
    adapter.executeScript = async (script: string) => {
      await pglite.exec(script);
    };
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => patch(factory.connect()),
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}
