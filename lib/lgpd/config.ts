// Settings of the LGPD deletion service, read from the environment at each use (tests and operators can change
// them without a restart of the module). Defaults are recorded in docs/decisions.md ("LGPD").
import { DEFAULT_LGPD_DEADLINE_DAYS } from "./deadline.ts";

export type LgpdSettings = {
  /** Hours between a request and the earliest moment it may be processed (LGPD_DELAY_HOURS, default 0). */
  delayHours: number;
  /**
   * How long a claim lasts without renewal (LGPD_LEASE_SECONDS, default 20): a dead worker's requests are claimable
   * again at most this long after its last renewal, so with the 5 s poll another worker resumes them within 25 s.
   */
  leaseSeconds: number;
  /** How often a working worker renews its leases (LGPD_HEARTBEAT_SECONDS, default lease / 5, at most lease / 2). */
  heartbeatSeconds: number;
  /** Failed attempts after which a request ends in `error` (LGPD_MAX_ATTEMPTS, default 5). */
  maxAttempts: number;
  /** First retry delay; doubles per failure (LGPD_RETRY_BASE_SECONDS, default 30). */
  retryBaseSeconds: number;
  /** Ceiling of the retry delay (LGPD_RETRY_MAX_SECONDS, default 3600). */
  retryMaxSeconds: number;
  /** Pause between polls of the loop (LGPD_POLL_SECONDS, default 5, at most 10). */
  pollSeconds: number;
  /** Requests claimed per poll (LGPD_BATCH_SIZE, default 10). */
  batchSize: number;
  /** One deletion at a time per worker: each locks the person's documents, and PGlite has one connection anyway. */
  concurrency: 1;
  perKeyConcurrency: 1;
};

/** A number from the environment, clamped to [min, max]; `fallback` when unset or not a number. */
export function numberFromEnv(name: string, fallback: number, min: number, max = Number.POSITIVE_INFINITY): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(Math.max(value, min), max);
}

export function lgpdSettings(): LgpdSettings {
  const leaseSeconds = numberFromEnv("LGPD_LEASE_SECONDS", 20, 0);
  return {
    delayHours: numberFromEnv("LGPD_DELAY_HOURS", 0, 0, 24 * 30),
    leaseSeconds,
    heartbeatSeconds: numberFromEnv("LGPD_HEARTBEAT_SECONDS", leaseSeconds / 5, 0.1, Math.max(leaseSeconds / 2, 0.1)),
    maxAttempts: Math.round(numberFromEnv("LGPD_MAX_ATTEMPTS", 5, 1, 100)),
    retryBaseSeconds: numberFromEnv("LGPD_RETRY_BASE_SECONDS", 30, 0),
    retryMaxSeconds: numberFromEnv("LGPD_RETRY_MAX_SECONDS", 3600, 0),
    pollSeconds: numberFromEnv("LGPD_POLL_SECONDS", 5, 0.1, 10),
    batchSize: Math.round(numberFromEnv("LGPD_BATCH_SIZE", 10, 1, 500)),
    concurrency: 1,
    perKeyConcurrency: 1,
  };
}

/**
 * Days an instance has to answer a deletion request (LGPD_DEADLINE_DAYS, default 15 — LGPD art. 19, II), shown as
 * each request's legal deadline on the LGPD page. An operator may set a shorter internal target.
 */
export function lgpdDeadlineDays(): number {
  return Math.round(numberFromEnv("LGPD_DEADLINE_DAYS", DEFAULT_LGPD_DEADLINE_DAYS, 1, 365));
}

/** Days an access package's download link works; the package is deleted when it expires (LGPD_ACCESS_LINK_DAYS, default 7). */
export function lgpdAccessLinkDays(): number {
  return numberFromEnv("LGPD_ACCESS_LINK_DAYS", 7, 1 / 24 / 60, 90);
}
