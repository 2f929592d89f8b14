// Contract of POST /api/tracking/view (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZTrackingView } from "@/lib/tracking/answers.ts";
import { TRACKING_ADDRESS_LIMIT, TRACKING_BODY_LIMIT_BYTES, trackingTokenSchema } from "@/lib/tracking/schemas.ts";
import { TRACKING_VIEW_TEXT } from "@/lib/webhooks/reference-text.ts";

export const POST = defineContract({
  method: "POST",
  path: "/tracking/view",
  tag: "Customer",
  summary: "The tracking view for a signed token (the link in customer e-mails, or a lookup's token)",
  description:
    "No authentication. An invalid or expired token answers the lookup's 404. E-mail links last TRACKING_LINK_DAYS (30).",
  auth: "none",
  addressRateLimit: TRACKING_ADDRESS_LIMIT,
  requestLimitBytes: TRACKING_BODY_LIMIT_BYTES,
  request: trackingTokenSchema,
  response: ZTrackingView,
  answer: TRACKING_VIEW_TEXT,
  errors: [400, 404, 413, 415, 429, 500],
});
