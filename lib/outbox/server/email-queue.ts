// The e-mail queue on the job engine (lib/jobs): a customer e-mail is a job row of "OutboxMessage" (channel 'email';
// the webhook deliveries in the same table are lib/webhooks/server/delivery-queue.ts), claimed under a lease renewed
// by a heartbeat, sent, its outcome recorded only while the lease is ours. One at a time through the SMTP server by
// default (OUTBOX_PER_ENDPOINT_CONCURRENCY).
//
// Never sent twice: right before a message leaves, its row gets `sendingSince` (conditional on our lease). If the
// worker dies between that mark and recording the outcome, the next claimer finds the mark and ends the row `failed`
// ("outcome unknown") instead of sending again; an admin sees it on the document page. A failure nodemailer reports
// means the server did not accept the message (it accepts with the reply to DATA), so that one is retried with
// backoff — with the same Message-ID, so in the one ambiguous case (the connection lost after the final dot,
// RFC 1047) the receiving side can recognise a repeat. 5xx replies are permanent: `failed` at once. Any other error
// (the database around the send) is not an attempt: the lease lapses and the mark decides.
// Not marked server-only: `npm run worker` imports it outside Next.
import "server-only";
import { log } from "../../log.ts";
import type { SqlSession } from "../../db/sql-session.ts";
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
import { outboxSettings, smtpFrom, type OutboxSettings } from "../config.ts";
import { isPermanentSmtpError, smtpTransport, type MailTransport } from "./smtp.ts";
import type { ClaimedMessage } from "./claimed-message.ts";
import { bodyToSend } from "./customer-link.ts";

export type EmailOptions = {
  owner: string;
  session?: SqlSession;
  settings?: Partial<OutboxSettings>;
  /** Defaults to the SMTP_URL transport; without one, nothing is claimed (messages wait). */
  transport?: MailTransport | null;
};

export const UNKNOWN_OUTCOME = "Outcome unknown: the worker stopped while sending; not sent again to avoid a duplicate";

type Sent = { id: number; outcome: "sent" } | { id: number; outcome: "failed"; attempts: number; error: string };
export type EmailOutcome = Sent | FailureOutcome<"failed">;

/** The errors of sends the SMTP server did not take (as thrown, so their text and reply code are read as they are). */
const refusals = new WeakSet<object>();

/** Due e-mails, leased to `owner`. */
export function claimDueEmails(
  session: SqlSession,
  options: { owner: string; limit: number; leaseSeconds: number },
): Promise<ClaimedMessage[]> {
  return claimLeased<ClaimedMessage>(session, {
    table: "OutboxMessage",
    ...options,
    where: `j.channel = 'email'`,
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

async function sendEmail(
  message: ClaimedMessage,
  context: JobContext<OutboxSettings>,
  transport: MailTransport,
): Promise<Sent> {
  const { session, owner } = context;
  if (message.sendingSince) {
    const failed = await markFailed(session, message, owner, message.attempts, UNKNOWN_OUTCOME);
    log.error("email.outcome_unknown", { job_id: message.id, owner });
    if (!failed) throw new LeaseLostError();
    return { id: message.id, outcome: "failed", attempts: message.attempts, error: UNKNOWN_OUTCOME };
  }
  const marked = await session.query(
    `UPDATE "OutboxMessage" SET "sendingSince" = now()
      WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending' AND "sendingSince" IS NULL AND "leaseUntil" > now()`,
    [message.id, owner],
  );
  if (marked.rowCount !== 1) throw new LeaseLostError();

  const attempts = message.attempts + 1;
  const text = await bodyToSend(session, message);
  try {
    await transport.sendMail({
      from: smtpFrom(),
      to: message.recipient,
      subject: message.subject,
      text,
      messageId: `<outbox-${message.id}.${message.instanceId}@docflow.invalid>`,
    });
  } catch (error) {
    const refusal = typeof error === "object" && error !== null ? error : new Error(String(error));
    refusals.add(refusal);
    throw refusal;
  }
  // Sent. If this bookkeeping fails, the mark stays and the row ends "outcome unknown": never a second copy.
  await session.query(
    `UPDATE "OutboxMessage" SET status = 'sent', "sentAt" = now(), attempts = $3, "lastError" = NULL,
            "sendingSince" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE id = $1 AND "leaseOwner" = $2`,
    [message.id, owner, attempts],
  );
  log.info("email.sent", { job_id: message.id, instance_id: message.instanceId, attempts });
  return { id: message.id, outcome: "sent" };
}

/** The e-mails as a job queue; `transport` answers the SMTP transport of each poll (null: e-mails wait). */
function emailQueue(transport: () => MailTransport | null): JobQueue<ClaimedMessage, Sent, OutboxSettings, "failed"> {
  return {
    name: "email",
    table: "OutboxMessage",
    settings: outboxSettings,
    claim: async (session, { owner, limit, settings }) =>
      transport() === null ? [] : claimDueEmails(session, { owner, limit, leaseSeconds: settings.leaseSeconds }),
    run: (message, context) => sendEmail(message, context, transport()!),
    failure: {
      gaveUp: "failed",
      attempt: (error) => typeof error === "object" && error !== null && refusals.has(error),
      final: (_message, error) => isPermanentSmtpError(error),
      // The message did not leave: its next attempt may send it.
      retrySets: () => ({ sets: `"sendingSince" = NULL`, params: [] }),
      giveUp: (message, { attempts, reason }, { session, owner }) =>
        markFailed(session, message, owner, attempts, reason),
    },
  };
}

/** Claims due e-mails (up to `limit`) and sends them within the queue's concurrency; answers each outcome. */
export function processDueEmails(
  options: EmailOptions & { limit?: number },
): Promise<{ claimed: number; results: EmailOutcome[] }> {
  const transport = options.transport === undefined ? smtpTransport() : options.transport;
  return runDueJobs(
    emailQueue(() => transport),
    options,
  );
}

/**
 * Polls for due e-mails every OUTBOX_POLL_SECONDS; a change that queued one wakes it (nudgeOutbox), so a customer's
 * e-mail leaves within a round trip of the status change.
 */
export function startEmailLoop(options: { owner?: string; unref?: boolean } = {}): PollingLoop {
  return startJobLoop(emailQueue(smtpTransport), options);
}
