import { z } from "zod";
import { destinationProblem } from "./destination.ts";
import { WEBHOOK_EVENTS } from "./event-names.ts";
import { PAYLOAD_DETAILS } from "./payload-detail.ts";

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS))
  .refine((events) => events.length > 0, { message: "Choose at least one event", params: { code: "webhook_events" } })
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
    // The code lets the console say it in the admin's language (messages/*/errors.json form.webhook_*).
    if (problem) context.addIssue({ code: "custom", message: problem, params: { code: destinationCode(problem) } });
  });

/** destinationProblem's sentence → a stable code for translation. */
function destinationCode(problem: string): string {
  if (problem.startsWith("Use an https")) return "webhook_https";
  if (problem.startsWith("Credentials")) return "webhook_credentials";
  if (problem.startsWith("Enter a valid")) return "webhook_url";
  return "webhook_address";
}

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

/** POST /api/admin/webhooks/{id}/rotate-secret: hours the old secret keeps signing beside the new one (default 24;
 * 0 = at once, for a leaked secret; at most a week). */
export const rotateWebhookSecretSchema = z.strictObject({
  overlap_hours: z.int().min(0).max(168).optional(),
});
