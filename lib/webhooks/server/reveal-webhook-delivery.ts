import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { readWebhookDelivery } from "./load-webhook-delivery.ts";

/**
 * "Revelar" on a delivery: the payload exactly as the receiver got it, personal data in clear, written to the audit
 * trail as `webhook.delivery_reveal` (the delivery's id, never a value) in the transaction of the read. A POST, so a
 * page on another site cannot make an admin's browser reveal (the session's same-origin check).
 */
export async function revealWebhookDelivery(ctx: UseCaseContext, { id }: { id: number }) {
  return readWebhookDelivery(ctx, id, "clear");
}
