import "server-only";
import { ApiError } from "../errors.ts";
import { startSharedCounting, type WindowCounter } from "./rate-limit-sync.ts";
import { config } from "../../config/index.ts";
import { registerProcessCache } from "../../cache/process-caches.ts";

// Fixed one-minute windows per caller, aligned to the clock so every app server means the same window. Counting is
// local (no database statement per request); on PostgreSQL the counts are merged across app servers about once a
// second (lib/http/server/rate-limit-sync.ts), so the limit is shared with a bounded overshoot (docs/reliability.md).
const WINDOW_MS = 60_000;

type State = { windows: Map<string, WindowCounter> };
// On globalThis: one set of counters per process, whichever route bundle of Next calls it.
const state: State = ((globalThis as Record<string, unknown>).__docflowRateLimit ??= { windows: new Map() }) as State;
registerProcessCache("rate-limit", () => state.windows.clear());

// 6,000 a minute = 100 requests/s per token and app server: room for an integrator's normal bursts (the old 1,200,
// 20/s, throttled a single integration far below what one server answers, see docs/benchmarks.md) while one token
// still cannot take a whole server. API_RATE_LIMIT_PER_MINUTE changes it (default declared in lib/config/variables.ts).

export function rateLimitPerMinute(): number {
  return config("API_RATE_LIMIT_PER_MINUTE");
}

/**
 * Rejects with 429 and Retry-After when `key` has used up its window. Each request is judged on its own place in the
 * count (what this server knew when it counted it) plus, on PostgreSQL near the limit or for a key new to this server,
 * what the other servers were found to have added by the merge it waited for: concurrent requests at the edge split
 * as they would on one server.
 */
export async function enforceRateLimit(key: string, limit = rateLimitPerMinute(), now = Date.now()): Promise<void> {
  const start = now - (now % WINDOW_MS);
  let window = state.windows.get(key);
  if (!window || window.start !== start) {
    // The previous minute still weighs in, fading out across this one: no double burst at the turn of a minute.
    const previous = window && window.start === start - WINDOW_MS ? window.shared + window.unsynced : 0;
    window = { start, shared: 0, unsynced: 0, mergedAt: 0, previous, usedAt: now, foreign: 0 };
    state.windows.set(key, window);
    if (state.windows.size > 10_000) pruneExpired(start);
  }
  window.unsynced += 1;
  window.usedAt = now;
  const fromPrevious = window.previous * (1 - (now - start) / WINDOW_MS);
  let count = fromPrevious + window.shared + window.unsynced;
  const addedElsewhere = startSharedCounting(state.windows, key, limit);
  if (addedElsewhere) count += await addedElsewhere;
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
    throw new ApiError("TooManyRequests", "Too many requests, try again later", {
      headers: { "retry-after": String(retryAfter) },
    });
  }
}

function pruneExpired(currentStart: number) {
  for (const [key, window] of state.windows) if (window.start < currentStart) state.windows.delete(key);
}
