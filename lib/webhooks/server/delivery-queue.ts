// The webhook delivery queue on the job engine (lib/jobs): a delivery is a job row of "OutboxMessage" (channel
// 'webhook', queued in the transaction of the change it reports: events.ts), claimed under a lease, sent (deliver.ts:
// the checked destination, the signature, a bounded wait) and its outcome recorded only while the lease is ours. The
// whole retry policy is here: backoff between attempts, given up after WEBHOOK_RETRY_HOURS (not after a number of
// attempts), the endpoint disabled after WEBHOOK_DISABLE_AFTER failures in a row. Deliveries run concurrently up to
// OUTBOX_CONCURRENCY, one at a time per endpoint by default (OUTBOX_PER_ENDPOINT_CONCURRENCY), so one tenant's slow
// receiver never holds another tenant's deliveries. At-least-once: a delivery whose worker died mid-request is simply
// sent again (receivers dedupe on the payload id), unlike e-mails.
// Not marked server-only: `npm run worker` imports it outside Next.
import "server-only";
import { z } from "zod";
import { config } from "../../config/index.ts";
import { log } from "../../log.ts";
import type { SqlSession } from "../../db/sql-session.ts";
import { describeFailure } from "../../jobs/job.ts";
import {
  LeaseLostError,
  runDueJobs,
  startJobLoop,
  type FailureOutcome,
  type JobContext,
  type JobQueue,
} from "../../jobs/server/engine.ts";
import { claimLeased } from "../../jobs/server/lease.ts";
import type { PollingLoop } from "../../jobs/polling-loop.ts";
import { deliverWebhook, type DeliveryResult } from "./deliver.ts";
import { decryptSecret } from "./secret.ts";
import { ZStoredWebhookBody } from "../stored-body.ts";
import { NOT_PREPARED_PREFIX } from "../failure.ts";
import { outboxSettings, type OutboxSettings } from "../../outbox/config.ts";
import type { ClaimedMessage } from "../../outbox/server/claimed-message.ts";

/** How long a delivery keeps being retried (WEBHOOK_RETRY_HOURS, default 24). */
export function webhookRetryHours(): number {
  return config("WEBHOOK_RETRY_HOURS");
}

/** Failed attempts in a row after which an endpoint is disabled (WEBHOOK_DISABLE_AFTER, default 20). */
export function webhookDisableAfter(): number {
  return config("WEBHOOK_DISABLE_AFTER");
}

/** The outbox's settings; a delivery gives up by its age (webhookRetryHours), never by its count of attempts. */
const deliverySettings = (): OutboxSettings => ({ ...outboxSettings(), maxAttempts: Number.POSITIVE_INFINITY });

type SendingEndpoint = {
  url: string;
  secretCipher: string;
  previousSecretCipher: string | null;
  previousSecretUntil: Date | string | null;
};

/**
 * Sends the delivery, or — when it cannot even be prepared (the secret no longer decrypts after an app-secret change,
 * the stored body is not an event's JSON) — answers a failed result like an unreachable receiver's, so the attempt
 * is counted, retried with backoff and, in a row, disables the endpoint.
 */
async function attemptDelivery(message: ClaimedMessage, endpoint: SendingEndpoint) {
  let secret: string[];
  try {
    ZStoredWebhookBody.parse(message.body);
    secret = [decryptSecret(endpoint.secretCipher)];
    // A rotated secret keeps signing beside the new one until its overlap window closes (signature.ts).
    if (
      endpoint.previousSecretCipher &&
      endpoint.previousSecretUntil &&
      new Date(endpoint.previousSecretUntil) > new Date()
    ) {
      secret.push(decryptSecret(endpoint.previousSecretCipher));
    }
  } catch (error) {
    const reason = error instanceof z.ZodError ? error.issues[0]!.message : describeFailure(error);
    return { ok: false, status: null, response: `${NOT_PREPARED_PREFIX}${reason}`.slice(0, 500) };
  }
  return deliverWebhook({ url: endpoint.url, secret, event: message.subject, body: message.body });
}

/** The receiver did not take the delivery (or it could not be prepared): a failed attempt. */
class DeliveryFailed extends Error {
  constructor(readonly result: DeliveryResult) {
    super(result.status === null ? result.response : `HTTP ${result.status}`);
  }
}

type Delivered = { id: number; outcome: "sent" };
export type DeliveryOutcome = Delivered | FailureOutcome<"failed">;

/** The concurrency key of a delivery: its endpoint. */
const endpointKey = (message: Pick<ClaimedMessage, "endpointId">) => `endpoint:${message.endpointId}`;

/**
 * Due deliveries, leased to `owner`: only for enabled endpoints, and per endpoint and document in order (one waits
 * while an earlier one is still pending). Endpoints in `saturatedKeys` are left for a later poll: this worker has no
 * free slot for them.
 */
export function claimDueDeliveries(
  session: SqlSession,
  options: { owner: string; limit: number; leaseSeconds: number; saturatedKeys?: string[] },
): Promise<ClaimedMessage[]> {
  const busyEndpoints = (options.saturatedKeys ?? []).map((key) => Number(key.slice("endpoint:".length)));
  return claimLeased<ClaimedMessage>(session, {
    table: "OutboxMessage",
    owner: options.owner,
    limit: options.limit,
    leaseSeconds: options.leaseSeconds,
    where: `j.channel = 'webhook'
      AND NOT (j."endpointId" = ANY($4::text::int[]))
      AND EXISTS (SELECT 1 FROM "WebhookEndpoint" w WHERE w.id = j."endpointId" AND w."disabledAt" IS NULL)
      AND NOT EXISTS (SELECT 1 FROM "OutboxMessage" e
        WHERE e."endpointId" = j."endpointId" AND e."documentId" = j."documentId" AND e.status = 'pending'
          AND e.id < j.id)`,
    params: [`{${busyEndpoints.join(",")}}`],
    returning: `id, "instanceId", channel, "endpointId", "createdAt", recipient, subject, body, attempts, "sendingSince"`,
  });
}

async function sendDelivery(message: ClaimedMessage, context: JobContext<OutboxSettings>): Promise<Delivered> {
  const { session, owner } = context;
  const { rows } = await session.query<SendingEndpoint>(
    `SELECT url, "secretCipher", "previousSecretCipher", "previousSecretUntil"
       FROM "WebhookEndpoint" WHERE id = $1 AND "disabledAt" IS NULL`,
    [message.endpointId],
  );
  const endpoint = rows[0];
  if (!endpoint) {
    // Disabled since the claim: the delivery waits for the endpoint to be enabled again.
    await session.query(
      `UPDATE "OutboxMessage" SET "leaseOwner" = NULL, "leaseUntil" = NULL WHERE id = $1 AND "leaseOwner" = $2`,
      [message.id, owner],
    );
    throw new LeaseLostError();
  }
  const attempts = message.attempts + 1;
  const result: DeliveryResult = await attemptDelivery(message, endpoint);
  if (result.ok) {
    await session.query(
      `UPDATE "OutboxMessage" SET status = 'sent', "sentAt" = now(), attempts = $3, "lastStatus" = $4, "lastResponse" = $5,
              "lastError" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
        WHERE id = $1 AND "leaseOwner" = $2`,
      [message.id, owner, attempts, result.status, result.response],
    );
    await session.query(`UPDATE "WebhookEndpoint" SET "consecutiveFailures" = 0 WHERE id = $1`, [message.endpointId]);
    log.info("webhook.delivered", { job_id: message.id, endpoint_id: message.endpointId, attempts });
    return { id: message.id, outcome: "sent" };
  }
  const failed = new DeliveryFailed(result);
  // Repeated failures in a row disable the endpoint, with the reason shown to admins (APIs → Webhooks).
  await session.query(
    `UPDATE "WebhookEndpoint" SET "consecutiveFailures" = "consecutiveFailures" + 1,
            "disabledAt" = CASE WHEN "consecutiveFailures" + 1 >= $2 THEN now() ELSE "disabledAt" END,
            "disabledReason" = CASE WHEN "consecutiveFailures" + 1 >= $2
              THEN 'Disabled after ' || ("consecutiveFailures" + 1) || ' failed deliveries in a row (last: ' || $3 || ')'
              ELSE "disabledReason" END
      WHERE id = $1 AND "disabledAt" IS NULL`,
    [message.endpointId, webhookDisableAfter(), failed.message.slice(0, 120)],
  );
  throw failed;
}

const HOUR_MS = 3_600_000;

const deliveryQueue: JobQueue<ClaimedMessage, Delivered, OutboxSettings, "failed"> = {
  name: "webhook",
  table: "OutboxMessage",
  settings: deliverySettings,
  claim: (session, { owner, limit, settings, saturatedKeys }) =>
    claimDueDeliveries(session, { owner, limit, leaseSeconds: settings.leaseSeconds, saturatedKeys }),
  keyOf: endpointKey,
  run: sendDelivery,
  failure: {
    gaveUp: "failed",
    // Any other error (the database around the send) leaves the delivery to its lease: it is sent again.
    attempt: (error) => error instanceof DeliveryFailed,
    // Given up once the next attempt would fall outside the retry window.
    final: (message, _error, { delaySeconds }) =>
      new Date(message.createdAt).getTime() + webhookRetryHours() * HOUR_MS < Date.now() + delaySeconds * 1000,
    retrySets: (_message, error) => {
      const { result } = error as DeliveryFailed;
      return { sets: `"lastStatus" = $6, "lastResponse" = $7`, params: [result.status, result.response] };
    },
    giveUp: async (message, { attempts, reason, error }, { session, owner }) => {
      const { result } = error as DeliveryFailed;
      const { rowCount } = await session.query(
        `UPDATE "OutboxMessage" SET status = 'failed', attempts = $3, "lastError" = $4, "lastStatus" = $5,
                "lastResponse" = $6, "leaseOwner" = NULL, "leaseUntil" = NULL
          WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'`,
        [message.id, owner, attempts, reason, result.status, result.response],
      );
      return rowCount === 1;
    },
  },
};

/** Claims due deliveries (up to `limit`) and sends them within the queue's concurrency; answers each outcome. */
export function processDueDeliveries(options: {
  owner: string;
  session?: SqlSession;
  settings?: Partial<OutboxSettings>;
  limit?: number;
}): Promise<{ claimed: number; results: DeliveryOutcome[] }> {
  return runDueJobs(deliveryQueue, options);
}

/** Polls for due deliveries every OUTBOX_POLL_SECONDS; a change that queued one wakes it (nudgeOutbox). */
export function startDeliveryLoop(options: { owner?: string; unref?: boolean } = {}): PollingLoop {
  return startJobLoop(deliveryQueue, options);
}
