// Settings of the LGPD deletion service, read through lib/config at each use (tests can change them without a restart
// of the module). Defaults and bounds are declared in lib/config/variables.ts; their reasons are in
// docs/decisions/0008-lgpd-deletion-requests.md.
import { config } from "../config/index.ts";
import type { JobSettings } from "../jobs/job.ts";

/** The LGPD queues' settings (the deletions' and the access packages'): the engine's, and the delay of a deletion. */
export type LgpdSettings = JobSettings & {
  /** Hours between a request and the earliest moment it may be processed (LGPD_DELAY_HOURS, default 0). */
  delayHours: number;
};

/**
 * LGPD_LEASE_SECONDS (default 20): a dead worker's requests are claimable again at most this long after its last
 * renewal, so with the 5 s poll (LGPD_POLL_SECONDS, at most 10) another worker resumes them within 25 s. The heartbeat
 * (LGPD_HEARTBEAT_SECONDS) is lease / 5 by default, at most lease / 2. A request ends in `error` after
 * LGPD_MAX_ATTEMPTS failures (default 5), retried after LGPD_RETRY_BASE_SECONDS (30) doubled per failure, at most
 * LGPD_RETRY_MAX_SECONDS (3600). One deletion at a time per worker: each locks the person's documents, and PGlite has
 * one connection anyway.
 */
export function lgpdSettings(): LgpdSettings {
  const leaseSeconds = config("LGPD_LEASE_SECONDS");
  // The heartbeat depends on the lease: lease / 5 by default, never longer than half the lease.
  const heartbeat = config("LGPD_HEARTBEAT_SECONDS") ?? leaseSeconds / 5;
  return {
    delayHours: config("LGPD_DELAY_HOURS"),
    leaseSeconds,
    heartbeatSeconds: Math.min(Math.max(heartbeat, 0.1), Math.max(leaseSeconds / 2, 0.1)),
    maxAttempts: config("LGPD_MAX_ATTEMPTS"),
    retryBaseSeconds: config("LGPD_RETRY_BASE_SECONDS"),
    retryMaxSeconds: config("LGPD_RETRY_MAX_SECONDS"),
    pollSeconds: config("LGPD_POLL_SECONDS"),
    batchSize: config("LGPD_BATCH_SIZE"),
    concurrency: 1,
    perKeyConcurrency: 1,
  };
}

/**
 * Days an instance has to answer a deletion request (LGPD_DEADLINE_DAYS, default 15 — LGPD art. 19, II), shown as
 * each request's legal deadline on the LGPD page. An operator may set a shorter internal target.
 */
export function lgpdDeadlineDays(): number {
  return config("LGPD_DEADLINE_DAYS");
}

/** Days an access package's download link works; the package is deleted when it expires (LGPD_ACCESS_LINK_DAYS, default 7). */
export function lgpdAccessLinkDays(): number {
  return config("LGPD_ACCESS_LINK_DAYS");
}
