// Issue 12: the customer's tracking routes (no staff credentials: a protocol + identifier pair or a signed token), and
// the admin routes of webhook endpoints.
import { trackingLookupSchema, trackingTokenSchema } from "../tracking/schemas.ts";
import { noParametersSchema } from "../http/zod-fields.ts";
import { createWebhookSchema, updateWebhookSchema } from "../webhooks/schemas.ts";
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

/** Shared by the webhook routes' descriptions: what a receiver gets and how it checks it. */
export const WEBHOOK_DELIVERY_TEXT =
  "Each event is POSTed as JSON {id, type, created_at, data} with headers X-Webhook-Id (= id; deliveries are " +
  "at-least-once, dedupe on it), X-Webhook-Event and X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of " +
  '"<t>.<raw body>" with the endpoint secret>. Check it with a constant-time compare and refuse timestamps older than ' +
  "5 minutes (replays). Events: document.created (data = the document), document.updated (the document + changes " +
  "[{field, before, after}]), document.status_changed (the document + previous_status_id), attachment.received " +
  "({document_id, protocol, attachment: {id, file_name, media_type, size, sha256}, sent_by: customer|staff}), " +
  "lgpd.request.completed ({request_id, status: done|not_found|error, cpf_masked, requested_at, completed_at|failed_at, " +
  "deleted: {documents, observations, attachments, history}} — never the CPF). A non-2xx answer or no answer within 10 s " +
  "is retried with backoff (1 min doubling to 1 h) for 24 h; deliveries of one document reach an endpoint in order. " +
  "20 failed attempts in a row disable the endpoint (reason shown; PATCH enabled: true resumes its deliveries).";

export const WEBHOOK_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/admin/webhooks",
    tag: "Admin",
    summary: "The instance's webhook endpoints, with their last 20 deliveries and the receiver's answers",
    description: WEBHOOK_DELIVERY_TEXT,
    auth: "bearer",
    role: "admin",
    answer:
      "{items: [{id, url, events, secret_hint, enabled, disabled_at, disabled_reason, consecutive_failures, created_at, " +
      "deliveries: [{id, event, document_id, status, attempts, last_status, last_response, created_at, sent_at, next_attempt_at}]}]}",
    errors: [401, 403, 429, 500],
  },
  {
    method: "POST",
    path: "/admin/webhooks",
    tag: "Admin",
    summary: "Register a webhook endpoint (URL and events); its signing secret is answered once",
    description: WEBHOOK_DELIVERY_TEXT,
    auth: "bearer",
    role: "admin",
    body: createWebhookSchema,
    answer: "201 with the endpoint and `secret` (whsec_…), shown this once.",
    errors: [400, 401, 403, 413, 415, 429, 500],
  },
  {
    method: "PATCH",
    path: "/admin/webhooks/{id}",
    tag: "Admin",
    summary: "Change an endpoint's URL or events, disable it, or re-enable it (its waiting deliveries resume)",
    auth: "bearer",
    role: "admin",
    body: updateWebhookSchema,
    answer: "The endpoint.",
    errors: [400, 401, 403, 404, 413, 415, 429, 500],
  },
  {
    method: "DELETE",
    path: "/admin/webhooks/{id}",
    tag: "Admin",
    summary: "Delete an endpoint and its deliveries",
    auth: "bearer",
    role: "admin",
    answer: "{deleted: true, id}",
    errors: [401, 403, 404, 429, 500],
  },
  {
    method: "POST",
    path: "/admin/webhooks/deliveries/{id}/resend",
    tag: "Admin",
    summary: "Send a delivery again by hand (a new copy with the same payload and id)",
    auth: "bearer",
    role: "admin",
    body: noParametersSchema,
    answer: "{id (the copy), resent_from}",
    errors: [400, 401, 403, 404, 429, 500],
  },
];
