// After a customer's reply or file from the tracking page (the case is marked for staff in the same transaction:
// lib/documents/server/customer-activity.ts), a status with "ao receber resposta do cliente, mover para …" moves
// the case, credited to the customer.
import "server-only";
import { log } from "../../log.ts";
import type { CustomerContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { updateDocument } from "../../documents/server/update-document.ts";
import { AppError } from "../../errors/app-error.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { customerActor } from "./view.ts";

/**
 * After the customer's note or file committed: a status with `replyStatusId` moves the document there, through the
 * status change every sender uses (SLA clock, history, webhooks, the new status's e-mail), as the customer. A move the
 * workflow refuses (a transition the admin since removed) leaves the case where it is; the reply itself stands.
 */
export async function moveOnCustomerReply(ctx: CustomerContext, input: { instanceId: number; documentId: number }) {
  const db = await getDb();
  const document = await db.document.findFirst({
    where: { id: input.documentId, instanceId: input.instanceId },
    select: { statusId: true, status: { select: { replyStatusId: true } } },
  });
  const target = document?.status.replyStatusId;
  if (!target || target === document.statusId) return;
  try {
    await updateDocument(
      { actor: customerActor(input.instanceId), requestId: ctx.requestId },
      { id: input.documentId, status_id: target },
    );
    nudgeOutbox();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    log.warn("tracking.reply_move_refused", { document_id: input.documentId, code: error.code });
  }
}
