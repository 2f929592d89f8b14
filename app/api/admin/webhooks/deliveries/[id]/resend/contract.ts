// Contract of POST /api/admin/webhooks/deliveries/{id}/resend (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";
import { ZWebhookResent } from "@/lib/webhooks/answers.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/admin/webhooks/deliveries/{id}/resend",
  tag: "Admin",
  summary: "Send a delivery again by hand (a new copy with the same payload and id)",
  auth: "bearer",
  params: { id: idParam("Delivery not found") },
  role: "admin",
  request: noParametersSchema,
  response: ZWebhookResent,
  answer: "{id (the copy), resent_from}",
  errors: [400, 401, 403, 404],
});
