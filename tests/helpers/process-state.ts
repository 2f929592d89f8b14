// What a test process holds in memory between test files when files share a process (tests/helpers/
// shared-worker.setup.ts): lib's caches, keyed by ids that every per-file database repeats. Each cache registers how
// to empty itself (lib/cache/process-caches.ts), so a new cache is emptied without a list here to keep.
import { clearProcessCaches } from "@/lib/cache/process-caches.ts";

/** Empties lib's caches (and stops their pending timers) left by an earlier test file in this process. */
export function forgetProcessCaches(): void {
  clearProcessCaches();
}

/** What an earlier file left running that would reach this file's database: an open client, polling loops. */
export function leftOpen(): string[] {
  const slot = globalThis as Record<string, unknown>;
  const left: string[] = [];
  if ((slot.__docflowDb as { db: unknown } | undefined)?.db) left.push("its database open (closeDb not called)");
  const loops = slot.__docflowPollingLoopKeys as Set<string> | undefined;
  if (loops && loops.size > 0) left.push(`polling loops running (${[...loops].join(", ")})`);
  return left;
}
