// Answer schemas of the webhook admin routes (issue 12). Shared with the browser.
import { z } from "zod";
import { ZIsoDateTime } from "../catalog/answers.ts";
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
  consecutive_failures: z.int(),
  created_at: ZIsoDateTime,
});

export const ZWebhookDelivery = z.strictObject({
  id: z.int(),
  event: z.string(),
  document_id: z.int().nullable(),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.int(),
  last_status: z.int().nullable(),
  last_response: z.string().nullable(),
  created_at: ZIsoDateTime,
  sent_at: ZIsoDateTime.nullable(),
  next_attempt_at: ZIsoDateTime.nullable(),
});

export const ZWebhookList = z.strictObject({
  items: z.array(ZWebhookEndpoint.extend({ deliveries: z.array(ZWebhookDelivery) })),
});
export const ZCreatedWebhook = ZWebhookEndpoint.extend({ secret: z.string() });
export const ZWebhookDeleted = z.strictObject({ deleted: z.literal(true), id: z.int() });
export const ZWebhookResent = z.strictObject({ id: z.int(), resent_from: z.int() });
