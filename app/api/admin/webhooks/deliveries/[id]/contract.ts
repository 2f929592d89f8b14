// Contract of GET /api/admin/webhooks/deliveries/{id} (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZWebhookDeliveryDetail } from "@/lib/webhooks/answers.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/webhooks/deliveries/{id}",
  tag: "Admin",
  summary: "One delivery in full: the JSON sent, the headers besides the signature, and the receiver's last answer",
  description:
    "`failure` says why the last attempt failed: destination_refused (the address is not allowed), no_answer " +
    "(refused connection, timeout, unknown host), not_prepared (the stored secret or body could not be used), " +
    "http_status (the receiver answered non-2xx; see last_status). Each look is audited (webhook.delivery_view): " +
    "full payloads hold personal data.",
  auth: "bearer",
  params: { id: idParam("Delivery not found") },
  role: "admin",
  response: ZWebhookDeliveryDetail,
  answer: "The delivery with `payload` and `request_headers`.",
  errors: [401, 403, 404],
});
