import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquirePgliteLock, DatabaseInUseError, lockPathFor } from "./pglite-lock.ts";

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "docflow-lock-"));
  dir = path.join(root, "pglite");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const lockModule = path.resolve(import.meta.dirname, "pglite-lock.ts");

/** Another process that takes the lock and keeps it until killed; resolves once it holds it. */
function holderProcess(): Promise<ChildProcess> {
  const script = `const { acquirePgliteLock } = await import(${JSON.stringify(lockModule)});
await acquirePgliteLock(${JSON.stringify(dir)}); console.log("held"); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk) => String(chunk).includes("held") && resolve(child));
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

const killed = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });

describe("PGlite lock", () => {
  it("is re-entrant within the process, names this process, and is released by the last release", async () => {
    const release = await acquirePgliteLock(dir);
    expect(JSON.parse(readFileSync(lockPathFor(dir), "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    const again = await acquirePgliteLock(dir);
    again();
    again(); // releasing twice counts once
    expect(existsSync(lockPathFor(dir))).toBe(true);
    release();
    expect(existsSync(lockPathFor(dir))).toBe(false);
  });

  it("refuses while another live process holds it, naming that process", async () => {
    const holder = await holderProcess();
    try {
      await expect(acquirePgliteLock(dir)).rejects.toThrow(DatabaseInUseError);
      await expect(acquirePgliteLock(dir)).rejects.toThrow(`in use by process ${holder.pid}`);
    } finally {
      await killed(holder, "SIGTERM");
    }
  });

  it("ends with its process however it dies: after kill -9 the next opener takes it", async () => {
    const holder = await holderProcess();
    await killed(holder, "SIGKILL");
    const release = await acquirePgliteLock(dir);
    expect(JSON.parse(readFileSync(lockPathFor(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("is not fooled by a description file naming a live process: only the lock itself decides", async () => {
    writeFileSync(
      lockPathFor(dir),
      JSON.stringify({ pid: process.ppid, host: hostname(), command: "other", since: "2026-11-23T00:00:00Z" }),
    );
    const release = await acquirePgliteLock(dir);
    release();
  });
});
