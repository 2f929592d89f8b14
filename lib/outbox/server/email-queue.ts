// The outbox queue on the job engine (lib/jobs): a message is a job row of "OutboxMessage", claimed under a lease
// renewed by a heartbeat, sent, its outcome recorded only while the lease is ours. Messages run concurrently up to
// OUTBOX_CONCURRENCY, one at a time per webhook endpoint (and through the SMTP server) by default, so one tenant's
// slow receiver never holds another tenant's deliveries (issue 20, finding 3).
//
// Never sent twice: right before a message leaves, its row gets `sendingSince` (conditional on our lease). If the
// worker dies between that mark and recording the outcome, the next claimer finds the mark and ends the row `failed`
// ("outcome unknown") instead of sending again; an admin sees it on the document page. A failure nodemailer reports
// means the server did not accept the message (it accepts with the reply to DATA), so that one is retried with
// backoff — with the same Message-ID, so in the one ambiguous case (the connection lost after the final dot,
// RFC 1047) the receiving side can recognise a repeat. 5xx replies are permanent: `failed` at once.
// Not marked server-only: `npm run worker` imports it outside Next.
import { log } from "../../log.ts";
import type { SqlSession } from "../../db/sql-session.ts";
import { describeFailure } from "../../jobs/describe-failure.ts";
import { runDueJobs, startJobLoop, type JobQueue } from "../../jobs/server/engine.ts";
import { claimLeased, scheduleRetry } from "../../jobs/server/lease.ts";
import type { PollingLoop } from "../../jobs/polling-loop.ts";
import { OUTBOX_LOOP_KEY } from "../nudge.ts";
import { outboxRetryDelay, outboxSettings, smtpFrom, type OutboxSettings } from "../config.ts";
import { isPermanentSmtpError, smtpTransport, type MailTransport } from "./smtp.ts";
import type { ClaimedMessage, MessageOutcome } from "./claimed-message.ts";
import { sendClaimedWebhook } from "../../webhooks/server/delivery-queue.ts";

export type OutboxOptions = {
  owner: string;
  session?: SqlSession;
  settings?: Partial<OutboxSettings>;
  /** Defaults to the SMTP_URL transport; without one, nothing is claimed (messages wait). */
  transport?: MailTransport | null;
};

export const UNKNOWN_OUTCOME = "Outcome unknown: the worker stopped while sending; not sent again to avoid a duplicate";

/** The concurrency key of a message: its webhook endpoint, or the SMTP server. */
export const messageKey = (message: Pick<ClaimedMessage, "channel" | "endpointId">) =>
  message.channel === "webhook" ? `endpoint:${message.endpointId}` : "smtp";

/**
 * Due messages, leased to `owner`. E-mails only when `email` (an SMTP transport exists). Webhook deliveries only for
 * enabled endpoints, and per endpoint and document in order: one waits while an earlier one is still pending.
 * `saturatedKeys` (messageKey) are left for a later poll: this worker has no free slot for them.
 */
export function claimDueMessages(
  session: SqlSession,
  options: { owner: string; limit: number; leaseSeconds: number; email?: boolean; saturatedKeys?: string[] },
): Promise<ClaimedMessage[]> {
  const saturated = options.saturatedKeys ?? [];
  const busyEndpoints = saturated.filter((key) => key.startsWith("endpoint:")).map((key) => Number(key.slice(9)));
  return claimLeased<ClaimedMessage>(session, {
    table: "OutboxMessage",
    owner: options.owner,
    limit: options.limit,
    leaseSeconds: options.leaseSeconds,
    where: `(j.channel = 'webhook' OR $4::boolean)
      AND (j.channel <> 'webhook' OR (
        NOT (j."endpointId" = ANY($5::text::int[]))
        AND EXISTS (SELECT 1 FROM "WebhookEndpoint" w WHERE w.id = j."endpointId" AND w."disabledAt" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "OutboxMessage" e
          WHERE e."endpointId" = j."endpointId" AND e."documentId" = j."documentId" AND e.status = 'pending'
            AND e.id < j.id)))`,
    params: [(options.email ?? true) && !saturated.includes("smtp"), `{${busyEndpoints.join(",")}}`],
    returning: `id, "instanceId", channel, "endpointId", "createdAt", recipient, subject, body, attempts, "sendingSince"`,
  });
}

/** Ends a row `failed` (our lease only). */
async function markFailed(
  session: SqlSession,
  message: ClaimedMessage,
  owner: string,
  attempts: number,
  error: string,
) {
  const { rowCount } = await session.query(
    `UPDATE "OutboxMessage" SET status = 'failed', attempts = $3, "lastError" = $4, "sendingSince" = NULL,
            "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'`,
    [message.id, owner, attempts, error],
  );
  return rowCount === 1;
}

export async function sendClaimedMessage(
  message: ClaimedMessage,
  options: { session: SqlSession; owner: string; settings: OutboxSettings; transport: MailTransport | null },
): Promise<MessageOutcome> {
  if (message.channel === "webhook") return sendClaimedWebhook(message, options);
  const { session, owner, settings } = options;
  const transport = options.transport!;
  const lost = (): MessageOutcome => {
    log.warn("outbox.lease_lost", { outbox_id: message.id, owner });
    return { id: message.id, outcome: "lost" };
  };
  if (message.sendingSince) {
    const failed = await markFailed(session, message, owner, message.attempts, UNKNOWN_OUTCOME);
    log.error("outbox.outcome_unknown", { outbox_id: message.id, owner });
    return failed ? { id: message.id, outcome: "failed", attempts: message.attempts, error: UNKNOWN_OUTCOME } : lost();
  }
  const marked = await session.query(
    `UPDATE "OutboxMessage" SET "sendingSince" = now()
      WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending' AND "sendingSince" IS NULL AND "leaseUntil" > now()`,
    [message.id, owner],
  );
  if (marked.rowCount !== 1) return lost();

  const attempts = message.attempts + 1;
  try {
    await transport.sendMail({
      from: smtpFrom(),
      to: message.recipient,
      subject: message.subject,
      text: message.body,
      messageId: `<outbox-${message.id}.${message.instanceId}@docflow.invalid>`,
    });
  } catch (error) {
    const reason = describeFailure(error);
    log.error("outbox.attempt_failed", { outbox_id: message.id, owner, attempts, error: reason });
    if (isPermanentSmtpError(error) || attempts >= settings.maxAttempts) {
      return (await markFailed(session, message, owner, attempts, reason))
        ? { id: message.id, outcome: "failed", attempts, error: reason }
        : lost();
    }
    const retryAt = await scheduleRetry(
      session,
      { table: "OutboxMessage", id: message.id, owner },
      { attempts, reason, delaySeconds: outboxRetryDelay(attempts, settings), extraSets: `"sendingSince" = NULL` },
    );
    return retryAt ? { id: message.id, outcome: "retry", attempts, error: reason } : lost();
  }
  // Sent. If this bookkeeping fails, the mark stays and the row ends "outcome unknown": never a second copy.
  await session.query(
    `UPDATE "OutboxMessage" SET status = 'sent', "sentAt" = now(), attempts = $3, "lastError" = NULL,
            "sendingSince" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE id = $1 AND "leaseOwner" = $2`,
    [message.id, owner, attempts],
  );
  log.info("outbox.sent", { outbox_id: message.id, instance_id: message.instanceId, attempts });
  return { id: message.id, outcome: "sent" };
}

/** The outbox as a job queue; `transport` answers the SMTP transport of each poll (null: e-mails wait, webhooks go). */
function outboxQueue(transport: () => MailTransport | null): JobQueue<ClaimedMessage, MessageOutcome, OutboxSettings> {
  return {
    name: "outbox",
    table: "OutboxMessage",
    settings: outboxSettings,
    claim: (session, { owner, limit, settings, saturatedKeys }) =>
      claimDueMessages(session, {
        owner,
        limit,
        leaseSeconds: settings.leaseSeconds,
        email: transport() !== null,
        saturatedKeys,
      }),
    keyOf: messageKey,
    run: (message, context) => sendClaimedMessage(message, { ...context, transport: transport() }),
    // The database failed around the send: the lease lapses and the row's mark decides what happens next.
    crashed: (message) => ({ id: message.id, outcome: "lost" }),
  };
}

/** Claims due messages (up to `limit`) and sends them within the outbox's concurrency; answers each outcome. */
export function processDueMessages(
  options: OutboxOptions & { limit?: number },
): Promise<{ claimed: number; results: MessageOutcome[] }> {
  const transport = options.transport === undefined ? smtpTransport() : options.transport;
  return runDueJobs(
    outboxQueue(() => transport),
    options,
  );
}

export type OutboxLoop = PollingLoop;

/**
 * Polls for due messages every OUTBOX_POLL_SECONDS; `nudge` (called after a change queued a message in this
 * process) runs a poll at once, so a customer's e-mail leaves within a round trip of the status change.
 */
export function startOutboxLoop(options: { owner?: string; unref?: boolean } = {}): OutboxLoop {
  return startJobLoop(outboxQueue(smtpTransport), { loopKey: OUTBOX_LOOP_KEY, ...options });
}
