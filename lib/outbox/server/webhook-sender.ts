// The webhook side of the outbox worker (processor.ts claims; this sends one delivery). At-least-once: a delivery
// whose worker died mid-request is simply sent again (receivers dedupe on the payload id), unlike e-mails.
import { log } from "../../log.ts";
import type { SqlSession } from "../../lgpd/server/sql.ts";
import { deliverWebhook, webhookDisableAfter, webhookRetryHours } from "../../webhooks/server/deliver.ts";
import { decryptSecret } from "../../webhooks/server/secret.ts";
import { outboxRetryDelay, type OutboxSettings } from "../config.ts";
import type { ClaimedMessage, MessageOutcome } from "./processor.ts";

const HOUR_MS = 3_600_000;

export async function sendClaimedWebhook(
  message: ClaimedMessage,
  options: { session: SqlSession; owner: string; settings: OutboxSettings },
): Promise<MessageOutcome> {
  const { session, owner, settings } = options;
  const { rows } = await session.query<{ url: string; secretCipher: string }>(
    `SELECT url, "secretCipher" FROM "WebhookEndpoint" WHERE id = $1 AND "disabledAt" IS NULL`,
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
  const result = await deliverWebhook({
    url: endpoint.url,
    secret: decryptSecret(endpoint.secretCipher),
    event: message.subject,
    body: message.body,
  });
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

  const delay = outboxRetryDelay(attempts, settings);
  const expired = new Date(message.createdAt).getTime() + webhookRetryHours() * HOUR_MS < Date.now() + delay * 1000;
  const { rowCount } = await session.query(
    `UPDATE "OutboxMessage" SET attempts = $3, "lastStatus" = $4, "lastResponse" = $5, "lastError" = $6,
            status = CASE WHEN $7::boolean THEN 'failed'::"OutboxStatus" ELSE status END,
            "notBefore" = now() + make_interval(secs => $8), "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'`,
    [message.id, owner, attempts, result.status, result.response, answer, expired, delay],
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
  if (rowCount !== 1) return { id: message.id, outcome: "lost" };
  return expired
    ? { id: message.id, outcome: "failed", attempts, error: answer }
    : { id: message.id, outcome: "retry", attempts, error: answer };
}
