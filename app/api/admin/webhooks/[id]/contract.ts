// Contract of PATCH, DELETE /api/admin/webhooks/{id} (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZWebhookDeleted, ZWebhookEndpoint } from "@/lib/webhooks/answers.ts";
import { updateWebhookSchema } from "@/lib/webhooks/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const PATCH = defineContract({
  method: "PATCH",
  path: "/admin/webhooks/{id}",
  tag: "Admin",
  summary: "Change an endpoint's URL or events, disable it, or re-enable it (its waiting deliveries resume)",
  auth: "bearer",
  params: { id: idParam("Webhook endpoint not found") },
  role: "admin",
  request: updateWebhookSchema,
  response: ZWebhookEndpoint,
  answer: "The endpoint.",
  errors: [400, 401, 403, 404],
});

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/webhooks/{id}",
  tag: "Admin",
  summary: "Delete an endpoint and its deliveries",
  auth: "bearer",
  params: { id: idParam("Webhook endpoint not found") },
  role: "admin",
  response: ZWebhookDeleted,
  answer: "{deleted: true, id}",
  errors: [401, 403, 404],
});
