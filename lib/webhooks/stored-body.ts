// What every stored webhook delivery body is (lib/webhooks/server/events.ts webhookPayload): the JSON text of an
// event object with its string `id` (receivers dedupe on it; it is also sent as X-Webhook-Id). Read with this schema
// wherever a stored body is used, instead of `JSON.parse(…) as { id }`. Shared: no server imports.
import { z } from "zod";

export const ZStoredWebhookBody = z.string().transform((text, context) => {
  try {
    return z.looseObject({ id: z.string() }).parse(JSON.parse(text));
  } catch {
    // Never the text itself in the message: a body may hold personal data, and this message reaches logs.
    context.addIssue({ code: "custom", message: "The stored body is not the JSON of a webhook event" });
    return z.NEVER;
  }
});
