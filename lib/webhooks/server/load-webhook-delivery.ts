import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { serializeDeliveryState } from "./webhook-rows.ts";

/**
 * A delivery in full: the JSON the receiver got (or will get), the headers sent besides the signature, and its last
 * answer. The payload may hold personal data (endpoints with the full payload), so each look is audited.
 */
export async function loadWebhookDelivery(ctx: UseCaseContext, { id: deliveryId }: { id: number }) {
  const { actor } = ctx;
  return inTransaction(async (tx) => {
    const delivery = await tx.outboxMessage.findFirst({
      where: { id: deliveryId, instanceId: actor.instanceId, channel: "webhook", endpointId: { not: null } },
    });
    if (!delivery) throw notFound("Delivery not found");
    await recordAudit(tx, actor, {
      action: "webhook.delivery_view",
      entity: "webhook",
      entityId: delivery.endpointId,
      details: { delivery_id: delivery.id },
    });
    // Shown as stored when it is not JSON (a body that could not be prepared is exactly what the admin looks for).
    let payload: unknown;
    try {
      payload = JSON.parse(delivery.body);
    } catch {
      payload = delivery.body;
    }
    const eventId = (payload as { id?: unknown } | null)?.id;
    return {
      id: delivery.id,
      endpoint_id: delivery.endpointId!,
      event: delivery.subject,
      payload,
      request_headers: {
        "content-type": "application/json",
        "x-webhook-id": typeof eventId === "string" ? eventId : "",
        "x-webhook-event": delivery.subject,
      },
      ...serializeDeliveryState(delivery),
    };
  });
}
