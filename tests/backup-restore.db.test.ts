// `cli backup` / `cli restore` of the embedded database: a restored copy has the same rows in every table; backup
// refuses while another process holds the database, restore refuses a folder that is not empty. The refusal runs the
// CLI as a real process (another process holds the folder: this one); the other commands run in this process
// (tests/helpers/cli-in-process.ts), on this file's database or, for a restore, the folder given as PGLITE_DIR.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { openConnection } from "@/lib/db/connection.ts";
import { createInstanceFixture } from "./helpers/fixtures.ts";
import { cliInProcess, cliInProcessWith } from "./helpers/cli-in-process.ts";
import { cpfFromBase, insertDocument } from "./helpers/lgpd.ts";
import { runScript } from "./helpers/run-script.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

const onPglite = !process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
const scratch = mkdtempSync(path.join(tmpdir(), "docflow-backup-"));
const backupFile = path.join(scratch, "docflow.tar.gz");
const restoredDir = path.join(scratch, "restored");

beforeAll(async () => {
  if (!onPglite) return;
  database = await createMigratedDatabase();
  const db = await getDb();
  const fixture = await createInstanceFixture(db, "default");
  for (let i = 0; i < 12; i += 1)
    await insertDocument(db, fixture, cpfFromBase(5000 + i), { observations: 2, history: 1 });
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

/** Row count of every table in the public schema of the embedded database in `dir`. */
async function rowCounts(dir: string): Promise<Record<string, number>> {
  const opened = await openConnection({ kind: "pglite", dir });
  try {
    const pglite = opened.pglite!;
    const { rows: tables } = await pglite.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
      counts[name] = rows[0]!.n;
    }
    return counts;
  } finally {
    await opened.close();
  }
}

describe.skipIf(!onPglite)("cli backup / restore (embedded database)", () => {
  it("refuses to back up while another process holds the database", async () => {
    await getDb();
    const busy = await runScript("scripts/cli.ts", ["backup", "--out", backupFile]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`is in use by process ${process.pid}`);
    expect(existsSync(backupFile)).toBe(false);
  });

  it("backs up to a new file once the database is free, and never overwrites a file", async () => {
    // Nothing but this process has the folder now: the command dumps it through this process's connection.
    const backedUp = await cliInProcess("backup", "--out", backupFile);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toContain(`to ${backupFile}`);
    const again = await cliInProcess("backup", "--out", backupFile);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("exists already");
  });

  it("restores into an empty folder with the same rows in every table", async () => {
    await closeDb(); // the backup's command left this file's database open in this process; rowCounts opens it
    const restored = await cliInProcessWith({ PGLITE_DIR: restoredDir }, ["restore", "--from", backupFile]);
    expect(restored.code, restored.stderr).toBe(0);
    const original = await rowCounts(process.env.PGLITE_DIR!);
    const copy = await rowCounts(restoredDir);
    expect(original.Document).toBe(12);
    expect(original.Observation).toBe(24);
    expect(Object.keys(original).length).toBeGreaterThan(10);
    expect(copy).toEqual(original);
  });

  it("refuses to restore into a folder that is not empty", async () => {
    const notEmpty = await cliInProcessWith({ PGLITE_DIR: restoredDir }, ["restore", "--from", backupFile]);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr).toContain("is not empty");
  });

  it("leaves no folder behind when the file is not a backup", async () => {
    const junk = path.join(scratch, "junk.tar.gz");
    writeFileSync(junk, "not a backup");
    const target = path.join(scratch, "from-junk");
    const failed = await cliInProcessWith({ PGLITE_DIR: target }, ["restore", "--from", junk]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("Could not restore");
    expect(existsSync(target)).toBe(false);
  });
});
