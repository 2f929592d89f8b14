// Contract of POST /api/admin/webhooks/{id}/rotate-secret (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZRotatedWebhookSecret } from "@/lib/webhooks/answers.ts";
import { rotateWebhookSecretSchema } from "@/lib/webhooks/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/webhooks/{id}/rotate-secret",
  tag: "Admin",
  summary: "Replace the endpoint's signing secret; the old one keeps signing beside it for overlap_hours (default 24)",
  description:
    "During the overlap each delivery carries two signatures, X-Signature: t=…,v1=<new>,v1=<old>. A receiver " +
    "accepts a delivery when any v1 matches its secret, so it can switch to the new secret at any moment inside " +
    "the window. overlap_hours 0 drops the old secret at once (a leaked secret).",
  auth: "bearer",
  params: { id: idParam("Webhook endpoint not found") },
  role: "admin",
  request: rotateWebhookSecretSchema,
  response: ZRotatedWebhookSecret,
  answer: "The endpoint with the new `secret` (shown this once) and previous_secret_until.",
  errors: [400, 401, 403, 404],
});
