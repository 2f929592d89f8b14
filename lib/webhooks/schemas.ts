import { z } from "zod";
import { destinationProblem } from "./destination.ts";
import { WEBHOOK_EVENTS } from "./event-names.ts";
import { PAYLOAD_DETAILS } from "./payload-detail.ts";

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, "Each event may appear once");

/** https to a public address; the operator opens http:// and inside addresses (destination.ts, docs/operations.md). */
const endpointUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .superRefine((value, context) => {
    const problem = destinationProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** "minimal" (default for new endpoints) or "full": how much of a document each delivery carries. */
const payloadDetail = z.enum(PAYLOAD_DETAILS);

export const createWebhookSchema = z.strictObject({
  url: endpointUrl,
  events: eventList,
  payload: payloadDetail.optional(),
});
export const updateWebhookSchema = z.strictObject({
  url: endpointUrl.optional(),
  events: eventList.optional(),
  payload: payloadDetail.optional(),
  /** true re-enables a disabled endpoint (its waiting deliveries resume); false disables it by hand. */
  enabled: z.boolean().optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;
