// Contract of POST /api/tracking/reply (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZTrackingReplyAnswer } from "@/lib/tracking/answers.ts";
import { TRACKING_ADDRESS_LIMIT, TRACKING_BODY_LIMIT_BYTES, trackingReplySchema } from "@/lib/tracking/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/tracking/reply",
  tag: "Customer",
  summary: "The customer's short reply from the tracking page ({token, text}), no request from the team needed",
  description:
    "No authentication beyond the token (invalid or expired: the lookup's 404). The text (1–2,000 characters) becomes " +
    "a note addressed to the customer's case, credited to the customer in the document's history; staff see it on " +
    "the document page. At most 10 replies an hour per document (then 429 with Retry-After).",
  auth: "none",
  addressRateLimit: TRACKING_ADDRESS_LIMIT,
  requestLimitBytes: TRACKING_BODY_LIMIT_BYTES,
  request: trackingReplySchema,
  response: ZTrackingReplyAnswer,
  responseStatus: 201,
  answer: "{id, created_at}",
  errors: [400, 403, 404, 413, 415, 429, 500],
});
