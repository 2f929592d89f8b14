import { DatabaseBusyError } from "./unavailable.ts";

// One at a time per key, waiting in memory. Writes to one document queue here instead of each holding a pool
// connection while PostgreSQL makes it wait for the row lock: a hot (or stuck) row then occupies at most one
// connection per app server, and requests for other rows keep finding free connections.

type Waiter = { admit: () => void; refuse: (error: Error) => void };
type Line = { waiters: Waiter[] };

const lines = new Map<string, Line>();
/** Beyond this many waiters for one key, new arrivals are refused at once (memory stays bounded). */
const MAX_WAITERS_PER_KEY = 1_000;

async function acquire(key: string, maxWaitMs: number): Promise<void> {
  const line = lines.get(key);
  if (!line) {
    lines.set(key, { waiters: [] });
    return;
  }
  if (line.waiters.length >= MAX_WAITERS_PER_KEY) throw new DatabaseBusyError("Too many writes waiting for one row");
  await new Promise<void>((resolve, reject) => {
    const waiter: Waiter = {
      admit: () => {
        clearTimeout(timer);
        resolve();
      },
      refuse: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    };
    const timer = setTimeout(() => {
      line.waiters.splice(line.waiters.indexOf(waiter), 1);
      reject(new DatabaseBusyError("Timed out waiting for a busy row"));
    }, maxWaitMs);
    line.waiters.push(waiter);
  });
}

function release(key: string): void {
  const line = lines.get(key);
  const next = line?.waiters.shift();
  if (next) next.admit();
  else lines.delete(key);
}

/**
 * Runs `work` once no other work holds `key` in this process, waiting at most `maxWaitMs`. When `work` fails in a way
 * that `failsEveryone` recognises (the row stayed locked by someone else), everyone already waiting fails too.
 */
export async function withKeyGate<T>(
  key: string,
  maxWaitMs: number,
  work: () => Promise<T>,
  failsEveryone: (error: unknown) => boolean = () => false,
): Promise<T> {
  await acquire(key, maxWaitMs);
  try {
    return await work();
  } catch (error) {
    if (failsEveryone(error)) {
      const line = lines.get(key);
      for (const waiter of line?.waiters.splice(0) ?? []) waiter.refuse(new DatabaseBusyError("The row is locked"));
    }
    throw error;
  } finally {
    release(key);
  }
}

/** Keys with work running or waiting (tests and diagnostics). */
export function activeGateKeys(): number {
  return lines.size;
}
