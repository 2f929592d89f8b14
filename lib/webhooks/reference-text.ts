// Reference-page texts shared by the webhook and tracking contracts. Shared: no server imports.

export const WEBHOOK_DELIVERY_TEXT =
  "Each event is POSTed as JSON {id, type, created_at, data} with headers X-Webhook-Id (= id; deliveries are " +
  "at-least-once, dedupe on it), X-Webhook-Event and X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of " +
  '"<t>.<raw body>" with the endpoint secret>. Check it with a constant-time compare and refuse timestamps older than ' +
  "5 minutes (replays). During a secret rotation's overlap window the header carries two v1 (new, then old): " +
  "accept when any v1 matches your secret. An endpoint's payload is minimal (the default: ids, uuid, protocol, status_id, product_id, " +
  "modality_id, updated_at, and changed_fields on document.updated — no personal data; read the rest through the API) " +
  "or full. Full events: document.created (data = the document), document.updated (the document + changes " +
  "[{field, before, after}]), document.status_changed (the document + previous_status_id), attachment.received " +
  "({document_id, protocol, attachment: {id, file_name, media_type, size, sha256}, sent_by: customer|staff}; minimal " +
  "without file_name), lgpd.request.completed ({request_id, status: done|not_found|error, cpf_masked, requested_at, " +
  "completed_at|failed_at, deleted: {documents, observations, attachments, history}, documents: [{id, uuid, protocol}] " +
  "— the deleted documents, so you can erase your copies; never the CPF). Destinations: https to a public address " +
  "(the operator may allow others); redirects are not followed and only the first 2 KiB of an answer are read. A " +
  "non-2xx answer or no answer within 10 s is retried with backoff (1 min doubling to 1 h) for 24 h; deliveries of " +
  "one document reach an endpoint in order. 20 failed attempts in a row disable the endpoint (reason shown; PATCH " +
  "enabled: true resumes its deliveries).";

export const TRACKING_VIEW_TEXT =
  "{protocol, product, steps: [{name, current}], status (the status's public name), finished, sla_end, " +
  "date_finished, observations: [{id, text, created_at}] (addressed to the customer only), " +
  "pending_requests: [{id, name, note, created_at}]}. Nothing personal: no name, e-mail, phone or identifier.";
