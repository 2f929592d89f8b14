// The in-memory state this process keeps between requests (token and key lookups, masking policies, step maps, rate
// counters, pending counts, sign-in reuse), each registered here with a way to empty it. On globalThis: the route
// bundles and the code that empties them are different module instances. Nothing in the app empties them: the db and
// http test layers run their files one after another in one process per worker (the http files through one Next
// server, each file on its own database; tests/helpers/test-app.ts, shared-worker.setup.ts), and the ids a file's
// database gives (instance 1, token 1, …) repeat in the next file's, so a file must not find the previous file's
// entries. No route, signal or variable reaches this (docs/decisions/0052-tests-in-layers.md).
type Clear = () => void;
const registry = ((globalThis as Record<string, unknown>).__docflowProcessCaches ??= new Map()) as Map<string, Clear>;

/** Names this module's in-memory state and how to empty it (its timers too); a later registration replaces it. */
export function registerProcessCache(name: string, clear: Clear): void {
  registry.set(name, clear);
}

/** Empties every registered cache of this process, as if it had just started. */
export function clearProcessCaches(): void {
  for (const clear of registry.values()) clear();
}
