import "server-only";
import { hasRole } from "../../auth/actor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { maskEmail, type PersonalField } from "../../documents/mask.ts";
import { textMaskerFor } from "../../documents/policy-mask.ts";
import { maskedFieldsFor } from "../../documents/server/masking-policy.ts";
import { revealedRead } from "../../documents/server/revealed-read.ts";
import { smtpUrl } from "../config.ts";
import { emailFailure } from "../email-failure.ts";
import { bodyForStaff } from "./customer-link.ts";

/**
 * What the document page shows of each message to the customer: when, to whom, and where it stands — the recipient,
 * subject and text under the caller's masking policy like the page's other personal data (a name the policy masks is
 * masked inside the text too), in clear after the page's own logged reveal (`personal`: revealed-read.ts). `state` spells out the outbox status for people: `not_configured` is a pending e-mail
 * that waits because no SMTP_URL is set; `retrying` one that failed and will be tried again. Staff+ read the text the
 * customer got, admins the delivery error; only messages of the caller's instance.
 */
export async function loadDocumentMessages(ctx: UseCaseContext, input: { documentId: number; personal?: boolean }) {
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
  const revealed = rows.length > 0 && (await revealedRead(db, actor, input.documentId, input.personal === true));
  const masked: ReadonlySet<PersonalField> = revealed ? new Set() : await maskedFieldsFor(actor);
  const document = rows.length
    ? await db.document.findFirst({
        where: { id: input.documentId, instanceId: actor.instanceId },
        select: { cpf: true, name: true, email: true, phone: true },
      })
    : null;
  // The document's values now and each message's recipient (an address changed since is still the customer's).
  const hide = textMaskerFor([document ?? {}, ...rows.map((row) => ({ email: row.recipient }))], masked);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: masked.has("email") ? maskEmail(row.recipient) : row.recipient,
    subject: hide(row.subject),
    // The text as the customer got it (staff+), with what the caller's policy masks masked.
    text: showText ? hide(bodyForStaff(row.body)) : null,
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
