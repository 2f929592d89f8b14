// The embedded database's files are the server user's only — files 0600, folders 0700 — for
// files PGlite creates while it runs, and for a folder left world-readable by an older release (fixed at open).
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openConnection } from "@/lib/db/connection.ts";

const root = mkdtempSync(path.join(tmpdir(), "pglite-modes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path below `dir` (itself included) whose mode lets the group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    if ((statSync(current).mode & 0o077) !== 0)
      found.push(`${current} ${(statSync(current).mode & 0o777).toString(8)}`);
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const child = path.join(current, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && (statSync(child).mode & 0o077) !== 0) {
        found.push(`${child} ${(statSync(child).mode & 0o777).toString(8)}`);
      }
    }
  };
  walk(dir);
  return found;
}

/**
 * A new database folder, made once for both tests (a new PGlite folder costs seconds of CPU): created under a
 * permissive umask, then written to after open (a table, a checkpoint), as the first test asks.
 */
let freshFolder: Promise<string> | undefined;
function createdUnderPermissiveUmask(): Promise<string> {
  freshFolder ??= (async () => {
    const previous = process.umask(0);
    try {
      const dir = path.join(root, "fresh", "pglite");
      const connection = await openConnection({ kind: "pglite", dir });
      await connection.pglite!.exec(
        "CREATE TABLE person (cpf text); INSERT INTO person SELECT 'x' FROM generate_series(1, 500);",
      );
      await connection.pglite!.exec("CHECKPOINT");
      await connection.close();
      return dir;
    } finally {
      process.umask(previous);
    }
  })();
  return freshFolder;
}

describe("PGlite data folder", () => {
  it("creates files 0600 and folders 0700 under a permissive umask, also for writes after open", async () => {
    const dir = await createdUnderPermissiveUmask();
    const files = readdirSync(dir, { recursive: true }).length;
    expect(files).toBeGreaterThan(100);
    expect(openToOthers(path.join(root, "fresh"))).toEqual([]);
  });

  it("tightens a folder an older release left open (0755 folders, 0666 files) when it opens it", async () => {
    // A database folder as an older release left it: a copy of the one above, opened up below.
    const dir = path.join(root, "old", "pglite");
    cpSync(await createdUnderPermissiveUmask(), dir, { recursive: true });
    const stray = path.join(dir, "base", "stray-file");
    writeFileSync(stray, "x");
    for (const folder of [path.join(root, "old"), dir, path.join(dir, "base")]) chmodSync(folder, 0o755);
    chmodSync(stray, 0o666);
    const again = await openConnection({ kind: "pglite", dir });
    await again.close();
    // The folder above is the operator's (PGLITE_DIR may sit in any folder): only the database folder is tightened.
    expect(openToOthers(dir)).toEqual([]);
  });
});
