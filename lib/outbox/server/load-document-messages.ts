import "server-only";
import { hasRole } from "../../auth/actor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { maskEmail } from "../../documents/mask.ts";
import { smtpUrl } from "../config.ts";
import { emailFailure } from "../email-failure.ts";

/**
 * What the document page shows of each message to the customer: when, to whom (masked like the page's other personal
 * data), and where it stands. `state` spells out the outbox status for people: `not_configured` is a pending e-mail
 * that waits because no SMTP_URL is set; `retrying` one that failed and will be tried again. Staff+ read the text the
 * customer got, admins the delivery error; only messages of the caller's instance.
 */
export async function loadDocumentMessages(ctx: UseCaseContext, input: { documentId: number }) {
  const { actor } = ctx;
  const showText = hasRole(actor, "staff");
  const showErrors = hasRole(actor, "admin");
  const db = await getDb();
  const rows = await db.outboxMessage.findMany({
    where: { documentId: input.documentId, instanceId: actor.instanceId, channel: "email" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    omit: { leaseOwner: true, lastResponse: true },
    take: 50,
  });
  const configured = smtpUrl() !== null;
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: maskEmail(row.recipient),
    subject: row.subject,
    // The text as the customer got it (staff+: it may carry the name and notes they see on the page anyway).
    text: showText ? row.body : null,
    status: row.status,
    state:
      row.status !== "pending"
        ? row.status
        : !configured
          ? ("not_configured" as const)
          : row.attempts > 0
            ? ("retrying" as const)
            : ("queued" as const),
    attempts: row.attempts,
    last_error: showErrors ? row.lastError : null,
    failure: row.status === "sent" ? null : emailFailure(row.lastError),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.status === "pending" && row.attempts > 0 ? row.notBefore.toISOString() : null,
  }));
}
