import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { withoutCredentials } from "../destination.ts";
import { DEFAULT_PAYLOAD_DETAIL, type PayloadDetail } from "../payload-detail.ts";
import type { CreateWebhookInput, UpdateWebhookInput } from "../schemas.ts";
import { encryptSecret, newWebhookSecret } from "./secret.ts";

// The APIs menu's webhook endpoints: register (secret shown once), list with their last deliveries and answers,
// enable/disable, delete, re-send a delivery by hand. Every change is audited.

const DELIVERIES_SHOWN = 20;
const missing = () => notFound("Webhook endpoint not found");

function serializeEndpoint(endpoint: {
  id: number;
  url: string;
  events: string[];
  payload: string;
  secretHint: string;
  consecutiveFailures: number;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
}) {
  return {
    id: endpoint.id,
    url: withoutCredentials(endpoint.url),
    events: endpoint.events,
    payload: endpoint.payload as PayloadDetail,
    secret_hint: endpoint.secretHint,
    enabled: endpoint.disabledAt === null,
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    disabled_reason: endpoint.disabledReason,
    consecutive_failures: endpoint.consecutiveFailures,
    created_at: endpoint.createdAt.toISOString(),
  };
}

export async function listWebhooks(instanceId: number) {
  const db = await getDb();
  const endpoints = await db.webhookEndpoint.findMany({
    where: { instanceId },
    orderBy: { id: "asc" },
    omit: { secretCipher: true },
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
  return endpoints.map((endpoint) => ({
    ...serializeEndpoint(endpoint),
    deliveries: endpoint.deliveries.map((delivery) => ({
      id: delivery.id,
      event: delivery.subject,
      document_id: delivery.documentId,
      status: delivery.status,
      attempts: delivery.attempts,
      last_status: delivery.lastStatus,
      last_response: delivery.lastResponse,
      created_at: delivery.createdAt.toISOString(),
      sent_at: delivery.sentAt?.toISOString() ?? null,
      next_attempt_at: delivery.status === "pending" ? delivery.notBefore.toISOString() : null,
    })),
  }));
}

/** A new endpoint; the answer carries its signing secret, shown this once. */
export async function createWebhook(actor: Actor, input: CreateWebhookInput) {
  const secret = newWebhookSecret();
  return inTransaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.create({
      data: {
        instanceId: actor.instanceId,
        url: input.url,
        events: input.events,
        payload: input.payload ?? DEFAULT_PAYLOAD_DETAIL,
        secretCipher: encryptSecret(secret),
        secretHint: secret.slice(-4),
      },
      omit: { secretCipher: true },
    });
    await recordAudit(tx, actor, {
      action: "webhook.create",
      entity: "webhook",
      entityId: endpoint.id,
      details: { url: input.url, events: input.events, payload: input.payload ?? DEFAULT_PAYLOAD_DETAIL },
    });
    return { ...serializeEndpoint(endpoint), secret };
  });
}

export async function updateWebhook(actor: Actor, id: number, input: UpdateWebhookInput) {
  const answer = await inTransaction(async (tx) => {
    const current = await tx.webhookEndpoint.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!current) throw missing();
    const endpoint = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.payload !== undefined ? { payload: input.payload } : {}),
        ...(input.enabled === true ? { disabledAt: null, disabledReason: null, consecutiveFailures: 0 } : {}),
        ...(input.enabled === false && current.disabledAt === null
          ? { disabledAt: new Date(), disabledReason: `Disabled by ${actor.label}` }
          : {}),
      },
      omit: { secretCipher: true },
    });
    await recordAudit(tx, actor, {
      action: "webhook.update",
      entity: "webhook",
      entityId: id,
      details: { ...input },
    });
    return serializeEndpoint(endpoint);
  });
  if (input.enabled) nudgeOutbox();
  return answer;
}

export async function deleteWebhook(actor: Actor, id: number) {
  return inTransaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.deleteMany({ where: { id, instanceId: actor.instanceId } });
    if (count === 0) throw missing();
    await recordAudit(tx, actor, { action: "webhook.delete", entity: "webhook", entityId: id });
    return { deleted: true, id };
  });
}

/** Sends a delivery again, by hand: a new pending copy of the same payload (the original keeps its record). */
export async function resendDelivery(actor: Actor, deliveryId: number) {
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
