// Answer schemas of the webhook admin routes. Shared with the browser.
import { z } from "zod";
import { ZIsoDateTime } from "../catalog/answers.ts";
import { DELIVERY_FAILURES, ZDisabledCause } from "./failure.ts";
import { PAYLOAD_DETAILS } from "./payload-detail.ts";

export const ZWebhookEndpoint = z.strictObject({
  id: z.int(),
  url: z.string(),
  events: z.array(z.string()),
  /** "minimal": ids, protocol, status and changed field names; "full": the whole document (lib/webhooks/payload-detail.ts). */
  payload: z.enum(PAYLOAD_DETAILS),
  secret_hint: z.string(),
  enabled: z.boolean(),
  disabled_at: ZIsoDateTime.nullable(),
  disabled_reason: z.string().nullable(),
  /** disabled_reason as codes the console translates (lib/webhooks/failure.ts). */
  disabled_cause: ZDisabledCause.nullable(),
  /** Until when the secret before the last rotation still signs beside the current one (two v1 in X-Signature). */
  previous_secret_until: ZIsoDateTime.nullable(),
  consecutive_failures: z.int(),
  created_at: ZIsoDateTime,
});

const ZWebhookDelivery = z.strictObject({
  id: z.int(),
  event: z.string(),
  document_id: z.int().nullable(),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.int(),
  last_status: z.int().nullable(),
  last_response: z.string().nullable(),
  /** Why the last attempt failed, as a code (null when sent or not tried yet). */
  failure: z.enum(DELIVERY_FAILURES).nullable(),
  created_at: ZIsoDateTime,
  sent_at: ZIsoDateTime.nullable(),
  next_attempt_at: ZIsoDateTime.nullable(),
});

/**
 * One delivery in full (GET /api/admin/webhooks/deliveries/{id}, masked by the admin's policy; POST …/reveal, clear):
 * the JSON sent and the receiver's answer.
 */
export const ZWebhookDeliveryDetail = ZWebhookDelivery.omit({ document_id: true }).extend({
  endpoint_id: z.int(),
  payload: z.unknown(),
  /** "masked": the payload's personal data under the admin's masking policy; "clear": as the receiver got it. */
  personal_data: z.enum(["masked", "clear"]),
  request_headers: z.record(z.string(), z.string()),
});
export const ZWebhookTestQueued = z.strictObject({
  id: z.int(),
  event: z.literal("webhook.test"),
  event_id: z.string(),
});

export const ZWebhookList = z.strictObject({
  items: z.array(ZWebhookEndpoint.extend({ deliveries: z.array(ZWebhookDelivery) })),
});
export const ZCreatedWebhook = ZWebhookEndpoint.extend({ secret: z.string() });
export const ZRotatedWebhookSecret = ZCreatedWebhook;
export const ZWebhookDeleted = z.strictObject({ deleted: z.literal(true), id: z.int() });
export const ZWebhookResent = z.strictObject({ id: z.int(), resent_from: z.int() });
