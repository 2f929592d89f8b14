// Contract of POST /api/admin/webhooks/{id}/test (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";
import { ZWebhookTestQueued } from "@/lib/webhooks/answers.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/webhooks/{id}/test",
  tag: "Admin",
  summary: "Send a test event to the endpoint now (type webhook.test, signed like every delivery)",
  description:
    "Queued in the outbox and sent within seconds; its answer shows in the endpoint's deliveries. The payload is " +
    '{id, type: "webhook.test", created_at, data: {endpoint_id, test: true}}. 409 while the endpoint is disabled.',
  auth: "bearer",
  params: { id: idParam("Webhook endpoint not found") },
  role: "admin",
  request: noParametersSchema,
  response: ZWebhookTestQueued,
  responseStatus: 201,
  answer: "{id (the delivery), event, event_id}",
  errors: [400, 401, 403, 404, 409],
});
