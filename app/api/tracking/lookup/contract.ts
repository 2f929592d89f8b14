// Contract of POST /api/tracking/lookup (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZTrackingLookupAnswer } from "@/lib/tracking/answers.ts";
import { TRACKING_ADDRESS_LIMIT, TRACKING_BODY_LIMIT_BYTES, trackingLookupSchema } from "@/lib/tracking/schemas.ts";
import { TRACKING_VIEW_TEXT } from "@/lib/webhooks/reference-text.ts";

export const POST = defineContract({
  method: "POST",
  path: "/tracking/lookup",
  tag: "Customer",
  summary: "The tracking page's form: a protocol and the customer's CPF/CNPJ",
  description:
    "No authentication. Both fields are required; the identifier is compared without punctuation. A wrong protocol " +
    "and a wrong identifier answer the same 404 (code tracking_not_found). Failures are throttled per protocol from " +
    "one client address (5 in 15 minutes) and per client address (20; an IPv6 client counts per /64): then 429 " +
    "tracking_throttled with Retry-After, 1 minute doubling up to 1 hour. A protocol that failed 30 times from " +
    "anywhere is paused for everyone: 429 tracking_use_email_link (the customer's e-mail link still works). The " +
    "token answered is valid for 2 hours (for /tracking/view and /tracking/upload).",
  auth: "none",
  addressRateLimit: TRACKING_ADDRESS_LIMIT,
  requestLimitBytes: TRACKING_BODY_LIMIT_BYTES,
  request: trackingLookupSchema,
  response: ZTrackingLookupAnswer,
  answer: `{token, view}; view = ${TRACKING_VIEW_TEXT}`,
  errors: [400, 404, 413, 415, 429, 500],
});
