import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { withoutCredentials } from "../destination.ts";
import { DEFAULT_PAYLOAD_DETAIL, type PayloadDetail } from "../payload-detail.ts";
import type { CreateWebhookInput, UpdateWebhookInput } from "../schemas.ts";
import { deliveryFailure, disabledCause } from "../failure.ts";
import { webhookPayload } from "./events.ts";
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
  previousSecretUntil?: Date | null;
}) {
  const overlapUntil =
    endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date() ? endpoint.previousSecretUntil : null;
  return {
    id: endpoint.id,
    url: withoutCredentials(endpoint.url),
    events: endpoint.events,
    payload: endpoint.payload as PayloadDetail,
    secret_hint: endpoint.secretHint,
    enabled: endpoint.disabledAt === null,
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    disabled_reason: endpoint.disabledReason,
    disabled_cause: disabledCause(endpoint.disabledReason),
    /** While a rotated secret still signs beside the new one (signature.ts); null otherwise. */
    previous_secret_until: overlapUntil?.toISOString() ?? null,
    consecutive_failures: endpoint.consecutiveFailures,
    created_at: endpoint.createdAt.toISOString(),
  };
}

export async function listWebhooks(instanceId: number) {
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
      failure: delivery.status === "sent" ? null : deliveryFailure(delivery.lastStatus, delivery.lastResponse),
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
      omit: { secretCipher: true, previousSecretCipher: true },
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
      omit: { secretCipher: true, previousSecretCipher: true },
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

/** A delivery in full: the JSON the receiver got (or will get), the headers sent besides the signature, and its last
 * answer. The payload may hold personal data (endpoints with the full payload), so each look is audited. */
export async function webhookDeliveryDetail(actor: Actor, deliveryId: number) {
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
    let payload: unknown;
    try {
      payload = JSON.parse(delivery.body);
    } catch {
      payload = delivery.body;
    }
    const id = (payload as { id?: unknown } | null)?.id;
    return {
      id: delivery.id,
      endpoint_id: delivery.endpointId!,
      event: delivery.subject,
      status: delivery.status,
      attempts: delivery.attempts,
      payload,
      request_headers: {
        "content-type": "application/json",
        "x-webhook-id": typeof id === "string" ? id : "",
        "x-webhook-event": delivery.subject,
      },
      last_status: delivery.lastStatus,
      last_response: delivery.lastResponse,
      failure: delivery.status === "sent" ? null : deliveryFailure(delivery.lastStatus, delivery.lastResponse),
      created_at: delivery.createdAt.toISOString(),
      sent_at: delivery.sentAt?.toISOString() ?? null,
      next_attempt_at: delivery.status === "pending" ? delivery.notBefore.toISOString() : null,
    };
  });
}

/** The event type of a test delivery: never a subscription, sent only by hand (POST …/{id}/test). */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** Queues a test event for one endpoint (through the outbox like every delivery: same signature, same destination
 * check); the console shows its answer in the deliveries. A disabled endpoint is refused (its deliveries wait). */
export async function sendWebhookTest(actor: Actor, id: number) {
  const answer = await inTransaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!endpoint) throw missing();
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

/** Hours a rotated secret keeps signing beside the new one when the admin does not say (0 = cut over at once). */
export const DEFAULT_SECRET_OVERLAP_HOURS = 24;

/** A new signing secret (answered once). The old one keeps signing beside it for `overlap_hours`, so receivers can
 * switch whenever they like inside the window (signature.ts); 0 drops it at once (a leaked secret). */
export async function rotateWebhookSecret(actor: Actor, id: number, input: { overlap_hours?: number }) {
  const overlapHours = input.overlap_hours ?? DEFAULT_SECRET_OVERLAP_HOURS;
  const secret = newWebhookSecret();
  return inTransaction(async (tx) => {
    const current = await tx.webhookEndpoint.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!current) throw missing();
    const until = overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null;
    const endpoint = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        secretCipher: encryptSecret(secret),
        secretHint: secret.slice(-4),
        previousSecretCipher: until ? current.secretCipher : null,
        previousSecretUntil: until,
      },
      omit: { secretCipher: true, previousSecretCipher: true },
    });
    await recordAudit(tx, actor, {
      action: "webhook.rotate_secret",
      entity: "webhook",
      entityId: id,
      details: { overlap_hours: overlapHours, previous_hint: current.secretHint, hint: endpoint.secretHint },
    });
    return { ...serializeEndpoint(endpoint), secret };
  });
}
