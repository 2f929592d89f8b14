import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { webhookPayload } from "./events.ts";
import { webhookNotFound } from "./webhook-rows.ts";

/** The event type of a test delivery: never a subscription, sent only by hand (POST …/{id}/test). */
const WEBHOOK_TEST_EVENT = "webhook.test";

/**
 * Queues a test event for one endpoint (through the outbox like every delivery: same signature, same destination
 * check); the console shows its answer in the deliveries. A disabled endpoint is refused (its deliveries wait).
 */
export async function sendWebhookTest(ctx: UseCaseContext, { id }: { id: number }) {
  const { actor } = ctx;
  const answer = await inTransaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!endpoint) throw webhookNotFound();
    if (endpoint.disabledAt !== null) {
      throw conflict("Enable the endpoint before sending a test event", { code: "webhook_test_disabled" });
    }
    const now = new Date();
    const payload = webhookPayload(WEBHOOK_TEST_EVENT, { endpoint_id: id, test: true }, now);
    const delivery = await tx.outboxMessage.create({
      data: {
        instanceId: actor.instanceId,
        documentId: null,
        channel: "webhook",
        endpointId: id,
        recipient: endpoint.url,
        subject: WEBHOOK_TEST_EVENT,
        body: JSON.stringify(payload),
        notBefore: now,
        createdAt: now,
      },
      select: { id: true },
    });
    await recordAudit(tx, actor, {
      action: "webhook.test",
      entity: "webhook",
      entityId: id,
      details: { delivery_id: delivery.id },
    });
    return { id: delivery.id, event: WEBHOOK_TEST_EVENT, event_id: payload.id };
  });
  nudgeOutbox();
  return answer;
}
