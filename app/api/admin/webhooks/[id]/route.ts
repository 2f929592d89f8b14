// PATCH /api/admin/webhooks/<id> {url?, events?, enabled?} — change, disable or re-enable an endpoint;
// DELETE removes it with its deliveries. Auth: admin.
import { apiRoute } from "@/lib/http/api-route.ts";
import { idParam } from "@/lib/http/route-params.ts";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/admin.ts";
import { updateWebhookSchema } from "@/lib/webhooks/schemas.ts";

export const PATCH = apiRoute({
  role: "admin",
  body: updateWebhookSchema,
  handler: async ({ actor, body, params }) =>
    updateWebhook(actor, idParam(params.id, "Webhook endpoint not found"), body),
});

export const DELETE = apiRoute({
  role: "admin",
  handler: async ({ actor, params }) => deleteWebhook(actor, idParam(params.id, "Webhook endpoint not found")),
});
