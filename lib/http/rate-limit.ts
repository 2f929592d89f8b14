import { ApiError } from "./errors.ts";

// Fixed one-minute windows per caller, kept in memory: each app server limits on its own (see docs/decisions.md).
const WINDOW_MS = 60_000;
const windows = new Map<string, { start: number; count: number }>();

// 6,000 a minute = 100 requests/s per token and app server: room for an integrator's normal bursts (the old 1,200,
// 20/s, throttled a single integration far below what one server answers, see docs/benchmarks.md) while one token
// still cannot take a whole server. API_RATE_LIMIT_PER_MINUTE changes it.
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 6000;

export function rateLimitPerMinute(): number {
  const value = Number(process.env.API_RATE_LIMIT_PER_MINUTE);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_RATE_LIMIT_PER_MINUTE;
}

/** Throws 429 with Retry-After when `key` has used up its window. */
export function enforceRateLimit(key: string, limit = rateLimitPerMinute(), now = Date.now()): void {
  let window = windows.get(key);
  if (!window || now - window.start >= WINDOW_MS) {
    window = { start: now, count: 0 };
    windows.set(key, window);
    if (windows.size > 10_000) pruneExpired(now);
  }
  window.count += 1;
  if (window.count > limit) {
    const retryAfter = Math.ceil((window.start + WINDOW_MS - now) / 1000);
    throw new ApiError("TooManyRequests", "Too many requests, try again later", {
      headers: { "retry-after": String(retryAfter) },
    });
  }
}

function pruneExpired(now: number) {
  for (const [key, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(key);
}
