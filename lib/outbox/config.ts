// Settings of the outbox worker, read through lib/config at each use (as lib/lgpd/config.ts). Defaults and bounds are
// declared in lib/config/variables.ts; their reasons are in docs/decisions/0041-customer-messages-outbox.md.
import { config } from "../config/index.ts";
import { retryDelaySeconds } from "../jobs/backoff.ts";

export type OutboxSettings = {
  /** How long a claim lasts without renewal (OUTBOX_LEASE_SECONDS, default 30). */
  leaseSeconds: number;
  /** Lease renewal period (lease / 5). */
  heartbeatSeconds: number;
  /** Failed attempts after which a message ends `failed` (OUTBOX_MAX_ATTEMPTS, default 8: about 2 h of retries). */
  maxAttempts: number;
  /** First retry delay, doubled per failure (OUTBOX_RETRY_BASE_SECONDS, default 60). */
  retryBaseSeconds: number;
  /** Ceiling of the retry delay (OUTBOX_RETRY_MAX_SECONDS, default 3600). */
  retryMaxSeconds: number;
  /** Pause between polls when idle (OUTBOX_POLL_SECONDS, default 5); a change that queues a message wakes it. */
  pollSeconds: number;
  /** Messages claimed per poll (OUTBOX_BATCH_SIZE, default 20). */
  batchSize: number;
  /** Messages sent at once by one worker (OUTBOX_CONCURRENCY, default 8). */
  concurrency: number;
  /**
   * Messages sent at once to one webhook endpoint, or through the SMTP server, by one worker
   * (OUTBOX_PER_ENDPOINT_CONCURRENCY, default 1): a slow receiver holds its own slots, never another tenant's.
   */
  perKeyConcurrency: number;
};

export function outboxSettings(): OutboxSettings {
  const leaseSeconds = config("OUTBOX_LEASE_SECONDS");
  return {
    leaseSeconds,
    heartbeatSeconds: Math.max(leaseSeconds / 5, 0.1),
    maxAttempts: config("OUTBOX_MAX_ATTEMPTS"),
    retryBaseSeconds: config("OUTBOX_RETRY_BASE_SECONDS"),
    retryMaxSeconds: config("OUTBOX_RETRY_MAX_SECONDS"),
    pollSeconds: config("OUTBOX_POLL_SECONDS"),
    batchSize: config("OUTBOX_BATCH_SIZE"),
    concurrency: config("OUTBOX_CONCURRENCY"),
    perKeyConcurrency: config("OUTBOX_PER_ENDPOINT_CONCURRENCY"),
  };
}

export const outboxRetryDelay = (failures: number, settings: OutboxSettings) =>
  retryDelaySeconds(failures, settings.retryBaseSeconds, settings.retryMaxSeconds);

/** SMTP_URL (smtp://user:pass@host:port or smtps://…); without it e-mails wait in the outbox. */
export function smtpUrl(): string | null {
  return config("SMTP_URL") ?? null;
}

/** The From of customer e-mails (SMTP_FROM, default "DocFlow <no-reply@localhost>"). */
export function smtpFrom(): string {
  return config("SMTP_FROM");
}

/** The origin customers reach the app at, for links in e-mails (APP_URL, else NEXTAUTH_URL). */
export function publicAppUrl(): string {
  return (config("APP_URL") ?? config("NEXTAUTH_URL") ?? "http://localhost:3000").replace(/\/+$/, "");
}
