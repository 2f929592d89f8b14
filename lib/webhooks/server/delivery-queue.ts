// The webhook side of the outbox worker (processor.ts claims; this sends one delivery). At-least-once: a delivery
// whose worker died mid-request is simply sent again (receivers dedupe on the payload id), unlike e-mails.
import { z } from "zod";
import { log } from "../../log.ts";
import type { SqlSession } from "../../db/sql-session.ts";
import { describeFailure } from "../../jobs/describe-failure.ts";
import { scheduleRetry } from "../../jobs/server/lease.ts";
import { deliverWebhook, webhookDisableAfter, webhookRetryHours, type DeliveryResult } from "./deliver.ts";
import { decryptSecret } from "./secret.ts";
import { ZStoredWebhookBody } from "../stored-body.ts";
import { NOT_PREPARED_PREFIX } from "../failure.ts";
import { outboxRetryDelay, type OutboxSettings } from "../../outbox/config.ts";
import type { ClaimedMessage, MessageOutcome } from "../../outbox/server/claimed-message.ts";

const HOUR_MS = 3_600_000;

type SendingEndpoint = {
  url: string;
  secretCipher: string;
  previousSecretCipher: string | null;
  previousSecretUntil: Date | string | null;
};

/**
 * Sends the delivery, or — when it cannot even be prepared (the secret no longer decrypts after an app-secret change,
 * the stored body is not an event's JSON) — answers a failed result like an unreachable receiver's, so the attempt
 * is counted, retried with backoff and, in a row, disables the endpoint (issue 20, finding 4).
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

export async function sendClaimedWebhook(
  message: ClaimedMessage,
  options: { session: SqlSession; owner: string; settings: OutboxSettings },
): Promise<MessageOutcome> {
  const { session, owner, settings } = options;
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
    return { id: message.id, outcome: "lost" };
  }
  const attempts = message.attempts + 1;
  const result: DeliveryResult = await attemptDelivery(message, endpoint);
  const answer = result.status === null ? result.response : `HTTP ${result.status}`;
  if (result.ok) {
    await session.query(
      `UPDATE "OutboxMessage" SET status = 'sent', "sentAt" = now(), attempts = $3, "lastStatus" = $4, "lastResponse" = $5,
              "lastError" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
        WHERE id = $1 AND "leaseOwner" = $2`,
      [message.id, owner, attempts, result.status, result.response],
    );
    await session.query(`UPDATE "WebhookEndpoint" SET "consecutiveFailures" = 0 WHERE id = $1`, [message.endpointId]);
    log.info("webhook.delivered", { outbox_id: message.id, endpoint_id: message.endpointId, attempts });
    return { id: message.id, outcome: "sent" };
  }

  const delaySeconds = outboxRetryDelay(attempts, settings);
  const expired =
    new Date(message.createdAt).getTime() + webhookRetryHours() * HOUR_MS < Date.now() + delaySeconds * 1000;
  const recorded = await scheduleRetry(
    session,
    { table: "OutboxMessage", id: message.id, owner },
    {
      attempts,
      reason: answer,
      delaySeconds,
      extraSets: `"lastStatus" = $6, "lastResponse" = $7,
        status = CASE WHEN $8::boolean THEN 'failed'::"OutboxStatus" ELSE status END`,
      extraParams: [result.status, result.response, expired],
    },
  );
  // Repeated failures in a row disable the endpoint, with the reason shown to admins (APIs → Webhooks).
  await session.query(
    `UPDATE "WebhookEndpoint" SET "consecutiveFailures" = "consecutiveFailures" + 1,
            "disabledAt" = CASE WHEN "consecutiveFailures" + 1 >= $2 THEN now() ELSE "disabledAt" END,
            "disabledReason" = CASE WHEN "consecutiveFailures" + 1 >= $2
              THEN 'Disabled after ' || ("consecutiveFailures" + 1) || ' failed deliveries in a row (last: ' || $3 || ')'
              ELSE "disabledReason" END
      WHERE id = $1 AND "disabledAt" IS NULL`,
    [message.endpointId, webhookDisableAfter(), answer.slice(0, 120)],
  );
  log.warn("webhook.attempt_failed", {
    outbox_id: message.id,
    endpoint_id: message.endpointId,
    attempts,
    answer: result.status,
  });
  if (!recorded) return { id: message.id, outcome: "lost" };
  return expired
    ? { id: message.id, outcome: "failed", attempts, error: answer }
    : { id: message.id, outcome: "retry", attempts, error: answer };
}
