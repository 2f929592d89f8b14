// Contract of POST /api/admin/webhooks/deliveries/{id}/reveal (see lib/http/contract.ts).
import { z } from "zod";
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZWebhookDeliveryDetail } from "@/lib/webhooks/answers.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/webhooks/deliveries/{id}/reveal",
  tag: "Admin",
  summary: "One delivery in full with its personal data in clear, as the receiver got it (audited as a reveal)",
  description:
    "GET /admin/webhooks/deliveries/{id} masks the payload's personal data as the admin's masking policy says; this " +
    "answers the same delivery in clear and writes webhook.delivery_reveal to the audit trail.",
  auth: "bearer",
  params: { id: idParam("Delivery not found") },
  role: "admin",
  request: z.strictObject({}),
  emptyBodyIsObject: true,
  response: ZWebhookDeliveryDetail,
  answer: "The delivery with `payload` in clear and `request_headers`.",
  errors: [401, 403, 404],
});
