// The outbox worker: the deletion worker's mechanism (lib/lgpd/server/processor.ts) applied to messages. Claim due rows with
// FOR UPDATE SKIP LOCKED under a lease renewed by a heartbeat; send; record the outcome only while the lease is ours.
//
// Never sent twice: right before a message leaves, its row gets `sendingSince` (conditional on our lease). If the
// worker dies between that mark and recording the outcome, the next claimer finds the mark and ends the row `failed`
// ("outcome unknown") instead of sending again; an admin sees it on the document page. A failure nodemailer reports
// means the server did not accept the message (it accepts with the reply to DATA), so that one is retried with
// backoff — with the same Message-ID, so in the one ambiguous case (the connection lost after the final dot,
// RFC 1047) the receiving side can recognise a repeat. 5xx replies are permanent: `failed` at once.
// Not marked server-only: `npm run worker` imports it outside Next.
import { startPollingLoop, stopPollingLoop, type PollingLoop } from "../../ops/polling-loop.ts";
import { log } from "../../log.ts";
import { describeFailure } from "../../lgpd/redact.ts";
import { startLeaseHeartbeat, workerOwnerId } from "../../lgpd/server/processor.ts";
import { defaultSession, type SqlSession } from "../../lgpd/server/sql.ts";
import { OUTBOX_LOOP_KEY } from "../nudge.ts";
import { outboxRetryDelay, outboxSettings, smtpFrom, type OutboxSettings } from "../config.ts";
import { isPermanentSmtpError, smtpTransport, type MailTransport } from "./smtp.ts";
import { sendClaimedWebhook } from "./webhook-sender.ts";

export type ClaimedMessage = {
  id: number;
  instanceId: number;
  channel: "email" | "webhook";
  endpointId: number | null;
  createdAt: Date;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  sendingSince: Date | null;
};

export type MessageOutcome =
  | { id: number; outcome: "sent" }
  | { id: number; outcome: "retry"; attempts: number; error: string }
  | { id: number; outcome: "failed"; attempts: number; error: string }
  | { id: number; outcome: "lost" };

export type OutboxOptions = {
  owner: string;
  session?: SqlSession;
  settings?: Partial<OutboxSettings>;
  /** Defaults to the SMTP_URL transport; without one, nothing is claimed (messages wait). */
  transport?: MailTransport | null;
};

export const UNKNOWN_OUTCOME = "Outcome unknown: the worker stopped while sending; not sent again to avoid a duplicate";

/** Error texts kept on the row and logged: no CPF, no e-mail address (SMTP refusals often quote the recipient). */
export function describeSendFailure(error: unknown): string {
  return describeFailure(error).replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, "***");
}

/**
 * Due messages, leased to `owner`. E-mails only when `email` (an SMTP transport exists). Webhook deliveries only for
 * enabled endpoints, and per endpoint and document in order: one waits while an earlier one is still pending.
 */
export async function claimDueMessages(
  session: SqlSession,
  options: { owner: string; limit: number; leaseSeconds: number; email?: boolean },
): Promise<ClaimedMessage[]> {
  const { rows } = await session.query<ClaimedMessage>(
    `UPDATE "OutboxMessage"
        SET "leaseOwner" = $1, "leaseUntil" = now() + make_interval(secs => $2)
      WHERE id IN (
        SELECT m.id FROM "OutboxMessage" m
         WHERE m.status = 'pending' AND m."notBefore" <= now()
           AND (m."leaseUntil" IS NULL OR m."leaseUntil" <= now())
           AND (m.channel = 'webhook' OR $4::boolean)
           AND (m.channel <> 'webhook' OR (
             EXISTS (SELECT 1 FROM "WebhookEndpoint" w WHERE w.id = m."endpointId" AND w."disabledAt" IS NULL)
             AND NOT EXISTS (SELECT 1 FROM "OutboxMessage" e
               WHERE e."endpointId" = m."endpointId" AND e."documentId" = m."documentId" AND e.status = 'pending'
                 AND e.id < m.id)))
         ORDER BY m."notBefore", m.id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING id, "instanceId", channel, "endpointId", "createdAt", recipient, subject, body, attempts, "sendingSince"`,
    [options.owner, options.leaseSeconds, options.limit, options.email ?? true],
  );
  return rows.sort((a, b) => a.id - b.id);
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
    const reason = describeSendFailure(error);
    log.error("outbox.attempt_failed", { outbox_id: message.id, owner, attempts, error: reason });
    if (isPermanentSmtpError(error) || attempts >= settings.maxAttempts) {
      return (await markFailed(session, message, owner, attempts, reason))
        ? { id: message.id, outcome: "failed", attempts, error: reason }
        : lost();
    }
    const { rowCount } = await session.query(
      `UPDATE "OutboxMessage" SET attempts = $3, "lastError" = $4, "sendingSince" = NULL,
              "notBefore" = now() + make_interval(secs => $5), "leaseOwner" = NULL, "leaseUntil" = NULL
        WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'`,
      [message.id, owner, attempts, reason, outboxRetryDelay(attempts, settings)],
    );
    return rowCount === 1 ? { id: message.id, outcome: "retry", attempts, error: reason } : lost();
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

/** Claims due messages (up to `limit`) and sends them one by one, renewing the leases of those still waiting. */
export async function processDueMessages(
  options: OutboxOptions & { limit?: number },
): Promise<{ claimed: number; results: MessageOutcome[] }> {
  const transport = options.transport === undefined ? smtpTransport() : options.transport;
  const session = options.session ?? (await defaultSession());
  const settings = { ...outboxSettings(), ...options.settings };
  const claimed = await claimDueMessages(session, {
    owner: options.owner,
    limit: options.limit ?? settings.batchSize,
    leaseSeconds: settings.leaseSeconds,
    email: transport !== null,
  });
  const results: MessageOutcome[] = [];
  if (claimed.length === 0) return { claimed: 0, results };
  const heartbeat = startLeaseHeartbeat(session, {
    owner: options.owner,
    ids: claimed.map((message) => message.id),
    leaseSeconds: settings.leaseSeconds,
    everySeconds: settings.heartbeatSeconds,
    table: "OutboxMessage",
  });
  try {
    for (const message of claimed) {
      try {
        results.push(await sendClaimedMessage(message, { session, owner: options.owner, settings, transport }));
      } catch (error) {
        // The database failed around the send: the lease lapses and the row's mark decides what happens next.
        log.error("outbox.bookkeeping_failed", { outbox_id: message.id, error: describeSendFailure(error) });
        results.push({ id: message.id, outcome: "lost" });
      }
      heartbeat.release(message.id);
    }
  } finally {
    await heartbeat.stop();
  }
  return { claimed: claimed.length, results };
}

export type OutboxLoop = PollingLoop;

/**
 * Polls for due messages every OUTBOX_POLL_SECONDS; `nudge` (called after a change queued a message in this
 * process) runs a poll at once, so a customer's e-mail leaves within a round trip of the status change.
 */
export function startOutboxLoop(options: { owner?: string; unref?: boolean } = {}): OutboxLoop {
  const owner = options.owner ?? workerOwnerId();
  return startPollingLoop(OUTBOX_LOOP_KEY, {
    owner,
    unref: options.unref,
    pollSeconds: () => outboxSettings().pollSeconds,
    // Anything claimed: poll again at once — a delivery may have unblocked the next one of its document.
    poll: async () => {
      try {
        const { claimed } = await processDueMessages({ owner, limit: outboxSettings().batchSize });
        return claimed > 0;
      } catch (error) {
        log.error("outbox.poll_failed", { owner, error: describeSendFailure(error) });
        return false;
      }
    },
  });
}

export async function stopOutboxLoop(): Promise<void> {
  await stopPollingLoop(OUTBOX_LOOP_KEY);
}
