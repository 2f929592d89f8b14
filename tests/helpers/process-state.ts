// What a test process holds in memory between test files when files share a process (tests/helpers/
// shared-worker.setup.ts): lib's caches on globalThis, keyed by ids that every per-file database repeats. The names are
// lib's own globalThis keys; tests/process-state.test.ts checks that lib still defines each and that it is emptied here.

/** lib's caches and counters kept on globalThis (each a Map, or an object holding Maps and at most one timer). */
export const PROCESS_CACHES = [
  "__docflowReadPolicies", // lib/documents/server/read-policy-cache.ts: instanceId:role → masked fields
  "__docflowReadSteps", // lib/documents/server/read-step-cache.ts: instanceId → step map, generations
  "__docflowTokenCache", // lib/auth/server/api-tokens.ts: secret hash → actor
  "__docflowTokenLookups", // lib/auth/server/api-tokens.ts: lookups in flight
  "__docflowLgpdKeyCache", // lib/lgpd/server/keys.ts: instance slug → id and key hashes
  "__docflowSignInReuse", // lib/auth/server/sign-in-reuse.ts
  "__docflowUnmaskedReads", // lib/auth/server/unmasked-reads.ts: tokenId → reads not yet written, and its flush timer
  "__docflowRateLimit", // lib/http/server/rate-limit.ts: caller → window counters
  "__docflowRateLimitSync", // lib/http/server/rate-limit-sync.ts: the timer that merges those counters into the table
] as const;

function clear(value: unknown): void {
  if (value instanceof Map || value instanceof Set) {
    value.clear();
    return;
  }
  if (!value || typeof value !== "object") return;
  const holder = value as Record<string, unknown>;
  for (const [field, inner] of Object.entries(holder)) {
    if (inner instanceof Map || inner instanceof Set) inner.clear();
    else if (field === "timer" && inner) {
      clearTimeout(inner as NodeJS.Timeout);
      holder[field] = null;
    }
  }
}

/** Empties lib's caches (and stops a pending flush timer) left by an earlier test file in this process. */
export function forgetProcessCaches(): void {
  const slot = globalThis as Record<string, unknown>;
  for (const name of PROCESS_CACHES) clear(slot[name]);
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
