// The customer's tracking routes (issue 12): no staff credentials; a protocol + identifier pair or a signed token.
import { trackingLookupSchema, trackingTokenSchema } from "../tracking/schemas.ts";
import type { RouteDoc } from "./registry.ts";

const VIEW =
  "{protocol, product, steps: [{name, current}], status (the status's public name), finished, sla_end, " +
  "date_finished, observations: [{id, text, created_at}] (addressed to the customer only), " +
  "pending_requests: [{id, name, note, created_at}]}. Nothing personal: no name, e-mail, phone or identifier.";

export const TRACKING_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/tracking/lookup",
    tag: "Customer",
    summary: "The tracking page's form: a protocol and the customer's CPF/CNPJ",
    description:
      "No authentication. Both fields are required; the identifier is compared without punctuation. A wrong " +
      "protocol and a wrong identifier answer the same 404 (code tracking_not_found). Failures are throttled per " +
      "protocol (5 in 15 minutes) and per client address (20): then 429 with Retry-After, 1 minute doubling up to " +
      "1 hour. The token answered is valid for 2 hours (for /tracking/view and /tracking/upload).",
    auth: "none",
    body: trackingLookupSchema,
    answer: `{token, view}; view = ${VIEW}`,
    errors: [400, 404, 413, 415, 429, 500],
  },
  {
    method: "POST",
    path: "/tracking/view",
    tag: "Customer",
    summary: "The tracking view for a signed token (the link in customer e-mails, or a lookup's token)",
    description: "An invalid or expired token answers the lookup's 404. E-mail links last TRACKING_LINK_DAYS (30).",
    auth: "none",
    body: trackingTokenSchema,
    answer: VIEW,
    errors: [400, 404, 413, 415, 500],
  },
  {
    method: "POST",
    path: "/tracking/upload",
    tag: "Customer",
    summary: "The customer sends a requested file (query request_id, header X-Tracking-Token, multipart `file`)",
    description:
      "PDF, JPEG, PNG, WebP or HEIC whose first bytes match the declared type (else 415), at most " +
      "TRACKING_UPLOAD_MAX_BYTES (10 MB, else 413). The file fulfils the pending request: staff see it on the " +
      "document page and in its history, and only ever download it (never shown inline). A request already " +
      "fulfilled, or not this document's, answers 404.",
    auth: "none",
    bodyContentType: "multipart/form-data",
    answer: "{id, name, size}",
    errors: [400, 404, 413, 415, 429, 500],
  },
];
