import "server-only";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConnection } from "../../../db/client.ts";
import { databaseTarget, describeTarget } from "../../../db/connection.ts";
import { pgliteExtensions } from "../../../db/pglite-extensions.ts";
import { acquirePgliteLock } from "../../../db/pglite-lock.ts";
import { CliError, parseCommandArgs, required, type CliIo } from "../io.ts";
import { BACKUP_USAGE } from "../usage.ts";

// Backups of the embedded database, taken by the one process that may open it — this one, so the server must be
// stopped (the lock refuses otherwise). PGlite's dumpDataDir copies the whole data folder from the open database:
// consistent, and restored with PGlite.create(dir, { loadDataDir }).

function pgliteDir(): string {
  const target = databaseTarget();
  if (target.kind !== "pglite") {
    throw new CliError(
      `${describeTarget(target)}: backup/restore are for the embedded database; on PostgreSQL use pg_dump/pg_restore.`,
    );
  }
  return target.dir;
}

export async function backupCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, { out: { type: "string" } }, BACKUP_USAGE);
  if (values.help) return help(io);
  const out = path.resolve(required(values.out, "--out <file>", BACKUP_USAGE));
  const dir = pgliteDir();
  if (existsSync(out)) throw new CliError(`${out} exists already; choose another file.`);
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new CliError(`There is no database at ${dir} to back up.`);
  const { pglite } = await getConnection();
  const dump = await pglite!.dumpDataDir("gzip");
  const partial = `${out}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  renameSync(partial, out); // never a half-written backup under the final name
  io.out(`Backed up ${dir} to ${out} (${(statSync(out).size / 1024).toFixed(0)} KiB).`);
  return 0;
}

export async function restoreCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, { from: { type: "string" } }, BACKUP_USAGE);
  if (values.help) return help(io);
  const from = path.resolve(required(values.from, "--from <file>", BACKUP_USAGE));
  const dir = pgliteDir();
  if (!existsSync(from)) throw new CliError(`${from} does not exist.`);
  const release = await acquirePgliteLock(dir); // creates the folder when absent
  try {
    if (readdirSync(dir).length > 0) {
      throw new CliError(
        `${dir} is not empty: restore into an empty folder (set PGLITE_DIR, or move the old one away).`,
      );
    }
    const { PGlite } = await import("@electric-sql/pglite");
    let restored;
    try {
      restored = await PGlite.create(dir, {
        loadDataDir: new Blob([readFileSync(from)]),
        extensions: await pgliteExtensions(),
      });
    } catch (error) {
      rmSync(dir, { recursive: true, force: true }); // leave no half-restored folder behind
      throw new CliError(`Could not restore ${from}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const { rows } = await restored.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    await restored.close();
    io.out(`Restored ${from} into ${dir} (${rows[0]?.n ?? 0} tables). Start the server with npm start.`);
  } finally {
    release();
  }
  return 0;
}

function help(io: CliIo): number {
  io.out(BACKUP_USAGE);
  return 0;
}
