import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";

// PGlite is one process's database, but it does not lock its folder: a second process opens it happily and both
// write (verified with @electric-sql/pglite 0.5.16), which corrupts it. So every process that opens an embedded
// database first takes `<dir>.lock` (created with O_EXCL, holding its pid). A lock whose process is gone is stale
// and taken over. `npm start` takes the lock before starting `next start` and lets its child use it through
// PGLITE_LOCK_OWNER_ENV, so there is no moment when the CLI could slip in between the two.

/** Set by `npm start` for `next start`: the pid whose lock the child may use as its own. */
export const PGLITE_LOCK_OWNER_ENV = "DOCFLOW_PGLITE_LOCK_OWNER";

type LockInfo = { pid: number; host: string; command: string; since: string };

// On globalThis like the client holder: Next may load this module more than once in one process.
const state = ((globalThis as Record<string, unknown>).__docflowPgliteLocks ??= {
  held: new Map<string, number>(),
  exitHookInstalled: false,
}) as { held: Map<string, number>; exitHookInstalled: boolean };
const held = state.held;

export function lockPathFor(dir: string): string {
  return `${dir.replace(/[\\/]+$/, "")}.lock`;
}

export class DatabaseInUseError extends Error {
  readonly lockFile: string;
  readonly owner: LockInfo | null;

  constructor(dir: string, lockFile: string, owner: LockInfo | null) {
    const who = owner
      ? `process ${owner.pid} (${owner.command || "unknown command"}, since ${owner.since})`
      : "another process";
    super(
      `The embedded database at ${dir} is in use by ${who}.\n` +
        `Stop the server (npm start) or that process first: the embedded database (PGlite) allows one process at a ` +
        `time. If no such process is running, delete ${lockFile}.`,
    );
    this.name = "DatabaseInUseError";
    this.lockFile = lockFile;
    this.owner = owner;
  }
}

/**
 * Takes the lock of the embedded database in `dir` for this process (re-entrant within the process) and returns its
 * release function. Throws DatabaseInUseError when a live process holds it.
 */
export function acquirePgliteLock(dir: string): () => void {
  const file = lockPathFor(dir);
  const count = held.get(file);
  if (count) {
    held.set(file, count + 1);
    return once(() => release(file));
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(file)) {
      held.set(file, 1);
      installExitHook();
      return once(() => release(file));
    }
    const owner = readOwner(file);
    if (owner === "unreadable") {
      // Another process is between creating and writing the file, or it was left empty by a crash long ago.
      if (ageMs(file) < 10_000) throw new DatabaseInUseError(dir, file, null);
    } else if (owner) {
      const inheritedFrom = Number(process.env[PGLITE_LOCK_OWNER_ENV]);
      if (owner.pid === inheritedFrom && owner.host === hostname() && isAlive(owner.pid)) return () => {};
      if (owner.pid !== process.pid && (owner.host !== hostname() || isAlive(owner.pid))) {
        throw new DatabaseInUseError(dir, file, owner);
      }
    }
    // Stale: its process is gone (or it is a leftover with our own recycled pid). Take it over.
    try {
      unlinkSync(file);
    } catch {
      // Someone else removed it first; try again.
    }
  }
  throw new DatabaseInUseError(dir, file, null);
}

function tryCreate(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    command: process.argv
      .slice(1)
      .map((part) => part.split(/[\\/]/).slice(-2).join("/"))
      .join(" ")
      .slice(0, 200),
    since: new Date().toISOString(),
  };
  try {
    writeSync(fd, JSON.stringify(info));
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOwner(file: string): LockInfo | "unreadable" | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  try {
    const info = JSON.parse(text) as LockInfo;
    return Number.isInteger(info.pid) ? info : "unreadable";
  } catch {
    return "unreadable";
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function release(file: string) {
  const count = held.get(file) ?? 0;
  if (count > 1) {
    held.set(file, count - 1);
    return;
  }
  held.delete(file);
  removeIfOurs(file);
}

function removeIfOurs(file: string) {
  const owner = readOwner(file);
  if (owner && owner !== "unreadable" && owner.pid === process.pid) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  }
}

function installExitHook() {
  if (state.exitHookInstalled) return;
  state.exitHookInstalled = true;
  // A process killed by a signal does not run this; its lock is then stale and taken over by the next opener.
  process.on("exit", () => {
    for (const file of held.keys()) removeIfOurs(file);
    held.clear();
  });
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
