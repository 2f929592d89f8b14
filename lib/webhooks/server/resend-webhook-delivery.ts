import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";

/** Sends a delivery again, by hand: a new pending copy of the same payload (the original keeps its record). */
export async function resendWebhookDelivery(ctx: UseCaseContext, { id: deliveryId }: { id: number }) {
  const { actor } = ctx;
  const answer = await inTransaction(async (tx) => {
    const original = await tx.outboxMessage.findFirst({
      where: { id: deliveryId, instanceId: actor.instanceId, channel: "webhook", endpointId: { not: null } },
    });
    if (!original) throw notFound("Delivery not found");
    const copy = await tx.outboxMessage.create({
      data: {
        instanceId: original.instanceId,
        documentId: original.documentId,
        channel: "webhook",
        endpointId: original.endpointId,
        recipient: original.recipient,
        subject: original.subject,
        body: original.body,
      },
      select: { id: true },
    });
    await recordAudit(tx, actor, {
      action: "webhook.resend",
      entity: "webhook",
      entityId: original.endpointId,
      details: { delivery_id: deliveryId, copy_id: copy.id },
    });
    return { id: copy.id, resent_from: deliveryId };
  });
  nudgeOutbox();
  return answer;
}
