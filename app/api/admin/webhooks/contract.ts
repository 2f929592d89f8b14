// Contract of GET, POST /api/admin/webhooks (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZCreatedWebhook, ZWebhookList } from "@/lib/webhooks/answers.ts";
import { WEBHOOK_DELIVERY_TEXT } from "@/lib/webhooks/reference-text.ts";
import { createWebhookSchema } from "@/lib/webhooks/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/webhooks",
  tag: "Admin",
  summary: "The instance's webhook endpoints, with their last 20 deliveries and the receiver's answers",
  description: WEBHOOK_DELIVERY_TEXT,
  auth: "bearer",
  role: "admin",
  response: ZWebhookList,
  answer: "{items: [endpoint + deliveries[]]}",
  errors: [401, 403],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/webhooks",
  tag: "Admin",
  summary: "Register a webhook endpoint (URL and events); its signing secret is answered once",
  description: WEBHOOK_DELIVERY_TEXT,
  auth: "bearer",
  role: "admin",
  request: createWebhookSchema,
  response: ZCreatedWebhook,
  responseStatus: 201,
  answer: "The endpoint and `secret` (whsec_…), shown this once.",
  errors: [400, 401, 403],
});
