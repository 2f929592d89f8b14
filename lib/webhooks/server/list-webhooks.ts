// The APIs menu's webhook endpoints (admins): every change to them is audited.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { serializeDeliveryState, serializeWebhookEndpoint } from "./webhook-rows.ts";

const DELIVERIES_SHOWN = 20;

/** The instance's endpoints, oldest first, each with its last deliveries (newest first) and their answers. */
export async function listWebhooks(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const endpoints = await db.webhookEndpoint.findMany({
    where: { instanceId },
    orderBy: { id: "asc" },
    omit: { secretCipher: true, previousSecretCipher: true },
    include: {
      deliveries: {
        orderBy: { id: "desc" },
        take: DELIVERIES_SHOWN,
        select: {
          id: true,
          subject: true,
          documentId: true,
          status: true,
          attempts: true,
          lastStatus: true,
          lastResponse: true,
          createdAt: true,
          sentAt: true,
          notBefore: true,
        },
      },
    },
  });
  const items = endpoints.map((endpoint) => ({
    ...serializeWebhookEndpoint(endpoint),
    deliveries: endpoint.deliveries.map((delivery) => ({
      id: delivery.id,
      event: delivery.subject,
      document_id: delivery.documentId,
      ...serializeDeliveryState(delivery),
    })),
  }));
  return { items };
}
