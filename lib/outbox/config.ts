// Settings of the outbox's queues (e-mails and webhook deliveries), read through lib/config at each use (as
// lib/lgpd/config.ts). Defaults and bounds are declared in lib/config/variables.ts; their reasons are in
// docs/decisions/0041-customer-messages-outbox.md.
import { config } from "../config/index.ts";
import type { JobSettings } from "../jobs/job.ts";

/** The e-mail and webhook-delivery queues' settings: the engine's, with nothing of their own. */
export type OutboxSettings = JobSettings;

/**
 * OUTBOX_LEASE_SECONDS (30; renewed every lease / 5), OUTBOX_MAX_ATTEMPTS (8: about 2 h of e-mail retries; a webhook
 * delivery gives up by age instead), OUTBOX_RETRY_BASE_SECONDS (60, doubled per failure) up to
 * OUTBOX_RETRY_MAX_SECONDS (3600), OUTBOX_POLL_SECONDS (5; a change that queues a message wakes the loops),
 * OUTBOX_BATCH_SIZE (20), OUTBOX_CONCURRENCY (8 sends at once per worker) and OUTBOX_PER_ENDPOINT_CONCURRENCY (1 at
 * once per webhook endpoint, or through the SMTP server: a slow receiver holds its own slots, never another tenant's).
 */
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
