import { z } from "zod";
import { destinationProblem } from "./destination.ts";
import { WEBHOOK_EVENTS } from "./event-names.ts";

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

export const createWebhookSchema = z.strictObject({ url: endpointUrl, events: eventList });
export const updateWebhookSchema = z.strictObject({
  url: endpointUrl.optional(),
  events: eventList.optional(),
  /** true re-enables a disabled endpoint (its waiting deliveries resume); false disables it by hand. */
  enabled: z.boolean().optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;
