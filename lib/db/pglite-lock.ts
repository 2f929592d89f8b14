import { createHash } from "node:crypto";
import { closeSync, fstatSync, mkdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { hostname, tmpdir } from "node:os";
import path from "node:path";

// PGlite is one process's database, but it does not lock its folder: a second process opens it happily and both
// write (verified with @electric-sql/pglite 0.5.16), which corrupts it. So every process that opens an embedded
// database first takes its lock — a listening socket whose address is derived from the folder. The kernel owns it:
// a second bind fails with EADDRINUSE while any process holds the socket, and it is released when the last holder
// exits, however it dies (kill -9 included). No pid file decides anything, so a dead pid can never be called stale
// while a live process still has the folder open.
//
// Linux: an abstract socket (no file at all). Windows: a named pipe (same semantics). Elsewhere (macOS): a socket
// file in the temp folder; one that refuses connections is left over from a dead process and replaced.
//
// `npm start` takes the lock, prepares the database, then hands the socket's descriptor to `next start` (an extra
// stdio slot) and closes its own copy: from then on the lock lives exactly as long as the server process, whatever
// happens to the wrapper. `<dir>.lock` only describes the holder for the refusal message; it decides nothing.

/** Set by `npm start` for its child: `<fd>:<lock key>` of the inherited lock socket. */
export const PGLITE_LOCK_INHERITED_ENV = "DOCFLOW_PGLITE_LOCK_INHERITED";

type LockInfo = { pid: number; host: string; command: string; since: string };
type Held = { count: number; server: Server | null; inheritedFd: number | null; key: string };

// On globalThis like the client holder: Next may load this module more than once in one process.
const held = ((globalThis as Record<string, unknown>).__docflowPgliteLocks ??= new Map<string, Held>()) as Map<
  string,
  Held
>;

/** The file that names the holder (informational only). */
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
        `time. The lock ends with that process; there is nothing to delete by hand.`,
    );
    this.name = "DatabaseInUseError";
    this.lockFile = lockFile;
    this.owner = owner;
  }
}

/** A short, stable name for the folder's lock (the same folder reached through a symlink gets the same key). */
export function lockKeyFor(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return createHash("sha256").update(realpathSync(dir)).digest("hex").slice(0, 32);
}

function socketAddress(key: string): string {
  if (process.platform === "linux") return `\0docflow-pglite-${key}`;
  if (process.platform === "win32") return `\\\\?\\pipe\\docflow-pglite-${key}`;
  return path.join(tmpdir(), `docflow-pglite-${key}.sock`);
}

/**
 * Takes the lock of the embedded database in `dir` for this process (re-entrant within the process) and returns its
 * release function. Throws DatabaseInUseError when another process holds it.
 */
export async function acquirePgliteLock(dir: string): Promise<() => void> {
  const file = lockPathFor(dir);
  const current = held.get(file);
  if (current) {
    current.count += 1;
    return once(() => release(file));
  }
  const key = lockKeyFor(dir);
  const server = await bindLock(socketAddress(key));
  if (!server) {
    const inheritedFd = takeInheritedLock(key);
    if (inheritedFd === null) throw new DatabaseInUseError(dir, file, readOwner(file));
    // Our parent (`npm start`) took it and handed us the socket: the lock already lives as long as we do.
    held.set(file, { count: 1, server: null, inheritedFd, key });
    writeOwner(file);
    return once(() => release(file));
  }
  held.set(file, { count: 1, server, inheritedFd: null, key });
  writeOwner(file);
  return once(() => release(file));
}

// The description file goes with the process on a normal exit (a kill -9 leaves it; it decides nothing).
const hooks = globalThis as { __docflowPgliteLockExitHook?: boolean };
if (!hooks.__docflowPgliteLockExitHook) {
  hooks.__docflowPgliteLockExitHook = true;
  process.on("exit", () => {
    for (const file of held.keys()) removeOwnerIfOurs(file);
  });
}

/**
 * For `npm start`: the descriptor of the lock this process holds on `dir`, to pass to a child as an extra stdio
 * slot, and the environment that tells the child it holds it. Null where descriptors cannot be handed over.
 */
export function lockHandover(dir: string, childFd: number): { fd: number; env: Record<string, string> } | null {
  const entry = held.get(lockPathFor(dir));
  const fd = (entry?.server as unknown as { _handle?: { fd?: number } } | undefined)?._handle?.fd;
  if (!entry || typeof fd !== "number" || fd < 0) return null;
  return { fd, env: { [PGLITE_LOCK_INHERITED_ENV]: `${childFd}:${entry.key}` } };
}

/** After a handover: names the child as the holder and drops this process's copy of the lock. */
export function completeHandover(dir: string, child: { pid: number; command: string }) {
  const file = lockPathFor(dir);
  const entry = held.get(file);
  if (!entry) return;
  held.delete(file);
  entry.server?.close();
  writeOwner(file, { pid: child.pid, host: hostname(), command: child.command, since: new Date().toISOString() });
}

/** The descriptor of the lock handed down by `npm start`, once: afterwards the number may belong to anything. */
function takeInheritedLock(key: string): number | null {
  const [fdText, inheritedKey] = (process.env[PGLITE_LOCK_INHERITED_ENV] ?? "").split(":");
  const fd = Number(fdText);
  if (inheritedKey !== key || !Number.isInteger(fd) || fd < 3) return null;
  delete process.env[PGLITE_LOCK_INHERITED_ENV];
  try {
    return fstatSync(fd).isSocket() ? fd : null;
  } catch {
    return null;
  }
}

/** Binds the lock socket; null when another process holds it. */
async function bindLock(address: string): Promise<Server | null> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const server = createServer((socket) => socket.destroy());
    const outcome = await new Promise<"bound" | "in-use">((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) =>
        error.code === "EADDRINUSE" ? resolve("in-use") : reject(error),
      );
      server.listen({ path: address, exclusive: true }, () => resolve("bound"));
    });
    if (outcome === "bound") {
      server.unref(); // the lock must not keep the process alive
      return server;
    }
    // A socket file (macOS) outlives its process: one nobody listens on any more is left over and replaced.
    if (address.startsWith("\0") || process.platform === "win32" || (await someoneListens(address))) return null;
    try {
      unlinkSync(address);
    } catch {
      // Already replaced by another process; the next bind tells.
    }
  }
  return null;
}

function someoneListens(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code !== "ECONNREFUSED"));
  });
}

function writeOwner(file: string, info?: LockInfo) {
  const owner: LockInfo = info ?? {
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
    writeFileSync(file, JSON.stringify(owner), { mode: 0o600 });
  } catch {
    // Only the refusal message loses its detail.
  }
}

function readOwner(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, "utf8")) as LockInfo;
    return Number.isInteger(info.pid) ? info : null;
  } catch {
    return null;
  }
}

function release(file: string) {
  const entry = held.get(file);
  if (!entry) return;
  entry.count -= 1;
  if (entry.count > 0) return;
  held.delete(file);
  entry.server?.close();
  if (entry.inheritedFd !== null) closeSync(entry.inheritedFd);
  removeOwnerIfOurs(file);
}

function removeOwnerIfOurs(file: string) {
  if (readOwner(file)?.pid === process.pid) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
