import "server-only";
import { hasRole } from "../../auth/actor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict, forbidden, notFound } from "../../errors/app-error.ts";
import { nudgeOutbox } from "../nudge.ts";

/**
 * "Reenviar": a customer e-mail that failed is queued again as a new copy (same recipient, subject and text), as a
 * webhook delivery can be. Only failed e-mails of the document, in the caller's instance; staff+; one audit entry
 * (ids only). The failed row stays as it was, so the page keeps the history of what happened.
 */
export async function resendEmail(ctx: UseCaseContext, input: { documentId: number; messageId: number }) {
  const { actor } = ctx;
  if (!hasRole(actor, "staff")) throw forbidden("Your role does not allow resending messages");
  const answer = await inTransaction(async (tx) => {
    const original = await tx.outboxMessage.findFirst({
      where: { id: input.messageId, documentId: input.documentId, instanceId: actor.instanceId, channel: "email" },
    });
    if (!original) throw notFound("Message not found", { code: "message_not_found" });
    if (original.status !== "failed") {
      throw conflict("Only a failed e-mail can be sent again", { code: "message_not_failed" });
    }
    const copy = await tx.outboxMessage.create({
      data: {
        instanceId: original.instanceId,
        documentId: original.documentId,
        channel: "email",
        recipient: original.recipient,
        subject: original.subject,
        body: original.body,
      },
      select: { id: true },
    });
    await recordAudit(tx, actor, {
      action: "document.resend_email",
      entity: "document",
      entityId: input.documentId,
      details: { message_id: input.messageId, copy_id: copy.id },
    });
    return { id: copy.id, resent_from: input.messageId };
  });
  nudgeOutbox();
  return answer;
}
