// The APIs menu's webhook endpoints (admins): every change to them is audited.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { PersonalField } from "../../documents/mask.ts";
import { maskedFieldsFor } from "../../documents/server/masking-policy.ts";
import { maskWebhookPayload } from "../masked-payload.ts";
import { serializeDeliveryState, serializeWebhookEndpoint } from "./webhook-rows.ts";

const DELIVERIES_SHOWN = 20;

/**
 * A receiver's answer as the list shows it: under the admin's masking policy, like the delivery view
 * (load-webhook-delivery.ts) — an integrator that echoes the CPF, name or e-mail it got has them masked by the values
 * of the payload it answered; the delivery's "Revelar" (POST …/deliveries/{id}/reveal, audited) shows it in clear.
 */
function maskedAnswer(body: string, lastResponse: string | null, masked: ReadonlySet<PersonalField>): string | null {
  if (lastResponse === null || masked.size === 0) return lastResponse;
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    payload = body;
  }
  return maskWebhookPayload(payload, masked).maskText(lastResponse);
}

/** The instance's endpoints, oldest first, each with its last deliveries (newest first) and their answers. */
export async function listWebhooks(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const masked = await maskedFieldsFor(ctx.actor);
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
          body: true,
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
      last_response: maskedAnswer(delivery.body, delivery.lastResponse, masked),
    })),
  }));
  return { items };
}
