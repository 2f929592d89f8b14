import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import type { PersonalField } from "../../documents/mask.ts";
import { maskedFieldsFor } from "../../documents/server/masking-policy.ts";
import { notFound } from "../../errors/app-error.ts";
import { maskWebhookPayload } from "../masked-payload.ts";
import { serializeDeliveryState } from "./webhook-rows.ts";

/**
 * One delivery for the console, read and audited in one transaction: `masked` — the payload under the admin's own
 * masking policy (what the documents list masks for them), audited as a view — or `clear` — the payload as the
 * receiver got it, audited as a reveal (reveal-webhook-delivery.ts). The audit rows name the delivery, never a value.
 */
export async function readWebhookDelivery(ctx: UseCaseContext, deliveryId: number, view: "masked" | "clear") {
  const { actor } = ctx;
  const masked: ReadonlySet<PersonalField> = view === "clear" ? new Set() : await maskedFieldsFor(actor);
  return inTransaction(async (tx) => {
    const delivery = await tx.outboxMessage.findFirst({
      where: { id: deliveryId, instanceId: actor.instanceId, channel: "webhook", endpointId: { not: null } },
    });
    if (!delivery) throw notFound("Delivery not found");
    await recordAudit(tx, actor, {
      action: view === "clear" ? "webhook.delivery_reveal" : "webhook.delivery_view",
      entity: "webhook",
      entityId: delivery.endpointId,
      details: { delivery_id: delivery.id, request_id: ctx.requestId ?? null },
    });
    // Shown as stored when it is not JSON (a body that could not be prepared is exactly what the admin looks for).
    let payload: unknown;
    try {
      payload = JSON.parse(delivery.body);
    } catch {
      payload = delivery.body;
    }
    const eventId = (payload as { id?: unknown } | null)?.id;
    const shown = maskWebhookPayload(payload, masked);
    const state = serializeDeliveryState(delivery);
    return {
      id: delivery.id,
      endpoint_id: delivery.endpointId!,
      event: delivery.subject,
      payload: shown.payload,
      personal_data: masked.size > 0 ? ("masked" as const) : ("clear" as const),
      request_headers: {
        "content-type": "application/json",
        "x-webhook-id": typeof eventId === "string" ? eventId : "",
        "x-webhook-event": delivery.subject,
      },
      ...state,
      last_response: state.last_response === null ? null : shown.maskText(state.last_response),
    };
  });
}

/**
 * A delivery in full for the console: the JSON the receiver got (or will get) with the personal data the admin's
 * masking policy masks masked (POST …/reveal shows it in clear, audited), the headers sent besides the signature, and
 * its last answer. Each look is audited: the payload may hold personal data (endpoints with the full payload).
 */
export async function loadWebhookDelivery(ctx: UseCaseContext, { id }: { id: number }) {
  return readWebhookDelivery(ctx, id, "masked");
}
