import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquirePgliteLock, DatabaseInUseError, lockPathFor, PGLITE_LOCK_OWNER_ENV } from "./pglite-lock.ts";

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "docflow-lock-"));
  dir = path.join(root, "pglite");
});
afterEach(() => {
  delete process.env[PGLITE_LOCK_OWNER_ENV];
  rmSync(root, { recursive: true, force: true });
});

const writeLock = (pid: number) =>
  writeFileSync(
    lockPathFor(dir),
    JSON.stringify({ pid, host: hostname(), command: "other", since: "2026-11-23T00:00:00Z" }),
  );

/** A live process other than this one. */
async function withOtherProcess(fn: (pid: number) => Promise<void> | void) {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  try {
    await fn(child.pid!);
  } finally {
    child.kill();
  }
}

describe("PGlite lock file", () => {
  it("is created with this process's pid, is re-entrant, and is removed by the last release", () => {
    const release = acquirePgliteLock(dir);
    expect(JSON.parse(readFileSync(lockPathFor(dir), "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    const again = acquirePgliteLock(dir);
    again();
    again(); // releasing twice counts once
    expect(existsSync(lockPathFor(dir))).toBe(true);
    release();
    expect(existsSync(lockPathFor(dir))).toBe(false);
  });

  it("refuses while another live process holds it, naming that process", async () => {
    await withOtherProcess((pid) => {
      writeLock(pid);
      expect(() => acquirePgliteLock(dir)).toThrow(DatabaseInUseError);
      expect(() => acquirePgliteLock(dir)).toThrow(`in use by process ${pid}`);
      expect(readFileSync(lockPathFor(dir), "utf8")).toContain(`"pid":${pid}`);
    });
  });

  it("takes over a lock whose process is gone", () => {
    writeLock(2 ** 22 + 4321); // above Linux's pid_max: no such process
    const release = acquirePgliteLock(dir);
    expect(JSON.parse(readFileSync(lockPathFor(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("lets the child of `npm start` use the lock its parent holds, without removing it", async () => {
    await withOtherProcess((pid) => {
      writeLock(pid);
      process.env[PGLITE_LOCK_OWNER_ENV] = String(pid);
      const release = acquirePgliteLock(dir);
      release();
      expect(JSON.parse(readFileSync(lockPathFor(dir), "utf8")).pid).toBe(pid);
    });
  });
});
