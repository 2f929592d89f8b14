// The settings the job engine reads (server/engine.ts). A queue's settings type is this plus only its own fields;
// each domain's config module fills it from lib/config. Shared: types only, so config modules may import it.
export type JobSettings = {
  /** How long a claim lasts without renewal. */
  leaseSeconds: number;
  /** Lease renewal period. */
  heartbeatSeconds: number;
  /** Jobs claimed per poll. */
  batchSize: number;
  /** Pause between polls when idle. */
  pollSeconds: number;
  /** Jobs run at once by one worker. */
  concurrency: number;
  /** Jobs of one key (see JobQueue.keyOf) run at once by one worker. */
  perKeyConcurrency: number;
  /** Failed attempts after which a job gives up (its queue's `failure.giveUp`). */
  maxAttempts: number;
  /** First retry delay, doubled per failure (backoff.ts). */
  retryBaseSeconds: number;
  /** Ceiling of the retry delay. */
  retryMaxSeconds: number;
};
