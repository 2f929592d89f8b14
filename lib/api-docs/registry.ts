// Every API route with the zod schema it validates with: the OpenAPI document is generated from this list, and
// tests/openapi.test.ts fails when a route file exists without an entry here (or an entry without a route).
import type { z } from "zod";
import {
  createDocumentSchema,
  emptyBodySchema,
  loadDocumentByIdSchema,
  loadDocumentsByCpfSchema,
  removeFilledColumnsSchema,
  updateDocumentSchema,
} from "../documents/schemas.ts";
import { authTokenSchema } from "../auth/schemas.ts";
import { deletionRequestSchema } from "../lgpd/schemas.ts";
import { ZCreateApiTokenBody } from "../apis/api-token-admin.ts";
import { noParametersSchema } from "../http/zod-fields.ts";
import { ZRetryLgpdRequestBody, ZSearchLgpdRequestsBody } from "../lgpd/admin-requests.ts";
import { SETTINGS_ROUTES } from "./registry-settings.ts";
import { STAFF_DOCUMENT_ROUTES } from "./registry-staff-documents.ts";
import { TRACKING_ROUTES, WEBHOOK_ROUTES } from "./registry-customer.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Auth = "bearer" | "lgpdKey" | "none";

export type RouteDoc = {
  method: HttpMethod;
  /** OpenAPI path below /api, with {param} segments. */
  path: string;
  tag: "Documents" | "Catalog" | "Auth" | "LGPD" | "Staff" | "Admin" | "Reference" | "Operations" | "Customer";
  summary: string;
  description?: string;
  auth: Auth;
  /** Least role for bearer/session callers. */
  role?: "viewer" | "staff" | "admin";
  body?: z.ZodType;
  /** Non-JSON bodies (uploads). */
  bodyContentType?: string;
  /** Success answer, described in words (and an example) since answers are built by serializers. */
  answer: string;
  answerExample?: unknown;
  errors?: number[];
  /** Optional request headers besides authentication (e.g. Idempotency-Key). */
  headers?: Array<{ name: string; description: string }>;
};

/** The Idempotency-Key header of document/create and the LGPD request (lib/idempotency). */
const IDEMPOTENCY_KEY_HEADER = {
  name: "Idempotency-Key",
  description:
    "Optional, 1–255 printable ASCII characters (e.g. a UUID), unique per request you mean to make once. A retry with " +
    "the same key and the same body within 24 hours replays the first successful answer (header Idempotent-Replayed: " +
    "true on document/create) instead of doing it again; concurrent duplicates wait for the first and get its answer. " +
    "The same key with another body answers 409. Keys are per credential (token, user or LGPD key).",
};

const DOCUMENT_ERRORS = [400, 401, 403, 413, 415, 429, 500, 503];

export const ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/document/create",
    tag: "Documents",
    summary: "Create a workflow document",
    description:
      "status_id, product_id and cpf are required. modality_identifier is resolved to a modality (created if new). " +
      "An absent sla_total takes the product's default SLA hours; null means no SLA.",
    auth: "bearer",
    role: "staff",
    body: createDocumentSchema,
    answer:
      "The sent fields plus modality_id, uuid, sla_start, sla_end, sla_end_status, date_time, created_at, updated_at, id, protocol.",
    errors: [...DOCUMENT_ERRORS, 409],
    headers: [IDEMPOTENCY_KEY_HEADER],
  },
  {
    method: "POST",
    path: "/document/updateById",
    tag: "Documents",
    summary: "Change a document",
    description:
      "Any create field plus user_id. filled_columns is merged into the stored object atomically (sent keys win). " +
      "A status change not allowed by the transitions answers 409.",
    auth: "bearer",
    role: "staff",
    body: updateDocumentSchema,
    answer:
      "The full document: id, uuid, status_id, product_id, user_id, source, protocol, cpf, email, phone, name, sla_total, " +
      "sla_start, sla_end, sla_end_status, modality_identifier, filled_columns, date_time, created_at, updated_at, " +
      "modality_id, date_finished.",
    errors: [...DOCUMENT_ERRORS, 404, 409],
  },
  {
    method: "POST",
    path: "/document/loadById",
    tag: "Documents",
    summary: "Read one document",
    auth: "bearer",
    role: "viewer",
    body: loadDocumentByIdSchema,
    answer:
      "The read view: id, status_id, uuid, product_id, protocol, filled_columns, date_time, sla_end_status, updated_at, " +
      "fields_to_show {CPF, Email, Telefone, Cliente, Fonte, Modalidade, Criado em}, product, status (with category), " +
      "step (or null), observation[], attachment[].",
    errors: [...DOCUMENT_ERRORS, 404],
  },
  {
    method: "POST",
    path: "/document/loadByCPF",
    tag: "Documents",
    summary: "Read the documents of one or more identifiers",
    description:
      "cpf matches identically (a string or an array = any of them). categories: one key, a comma-separated list or " +
      "an array; absent or empty = all.",
    auth: "bearer",
    role: "viewer",
    body: loadDocumentsByCpfSchema,
    answer: "Array of read views, newest first.",
    errors: DOCUMENT_ERRORS,
  },
  {
    method: "POST",
    path: "/product/loadAll",
    tag: "Catalog",
    summary: "The instance's products with steps and columns",
    auth: "bearer",
    role: "viewer",
    body: emptyBodySchema,
    answer: "Array of products {id, name, description, sla, active, steps[], columns[]}.",
    errors: DOCUMENT_ERRORS,
  },
  {
    method: "POST",
    path: "/status/loadAll",
    tag: "Catalog",
    summary: "The instance's statuses",
    auth: "bearer",
    role: "viewer",
    body: emptyBodySchema,
    answer:
      "Array of statuses {id, name, description, category, category_label, sla, text_color, bg_color, order, step_id, allowed_status_ids}.",
    errors: DOCUMENT_ERRORS,
  },
  {
    method: "POST",
    path: "/modality/loadAll",
    tag: "Catalog",
    summary: "The instance's modalities with their SLA calendars",
    auth: "bearer",
    role: "viewer",
    body: emptyBodySchema,
    answer: "Array of modalities {id, identifier, time_zone, working_hours, holidays[]}.",
    errors: DOCUMENT_ERRORS,
  },
  {
    method: "POST",
    path: "/auth/token",
    tag: "Auth",
    summary: "Sign in as a staff user and get a short-lived bearer token",
    description:
      "No Authorization header: send a staff user's e-mail and password. The token acts as that user (their " +
      "instance and current role) until `expiration` (AUTH_TOKEN_TTL_MINUTES, default 60), and stops working when " +
      "the user is disabled. Wrong password, unknown e-mail and disabled user all answer the same 401. Failed " +
      "attempts are throttled per e-mail (5 in 15 minutes) and per client address (20): then 429 with Retry-After, " +
      "for 1 minute doubling up to 1 hour.",
    auth: "none",
    body: authTokenSchema,
    answer: "The token and when it expires (ISO-8601, UTC).",
    answerExample: { token: "dft_Xb2…", expiration: "2026-11-23T13:00:00.000Z" },
    errors: [400, 401, 413, 415, 429, 500],
  },
  {
    method: "POST",
    path: "/documents/filled-columns/remove",
    tag: "Staff",
    summary: "Remove keys from a document's filled_columns",
    auth: "bearer",
    role: "staff",
    body: removeFilledColumnsSchema,
    answer: "The full document.",
    errors: [...DOCUMENT_ERRORS, 404],
  },
  {
    method: "POST",
    path: "/lgpd/{instance}/request",
    tag: "LGPD",
    summary: "Request the deletion of all personal data tied to a CPF",
    description:
      "Header x-api-key: the instance's LGPD key (APIs menu → LGPD). A second request for a CPF that is still pending " +
      'does not create a duplicate. Errors: 400 {"status":"error","message":"Invalid CPF"} (also for a body that is ' +
      'not JSON), 401 {"status":"error","message":"Unauthorized"} (also for an unknown instance), ' +
      '500 {"status":"error","message":"Unexpected error"}, 503 {"status":"error","message":"Service unavailable"} ' +
      "with Retry-After (database busy or down; nothing recorded). With Idempotency-Key: 409 " +
      '{"status":"error","message":"Idempotency-Key already used with a different body"}, 400 ' +
      '{"status":"error","message":"Invalid Idempotency-Key"}.',
    auth: "lgpdKey",
    body: deletionRequestSchema,
    headers: [IDEMPOTENCY_KEY_HEADER],
    answer: "Request received.",
    answerExample: { status: "pending", message: "Request received. Please use the status method to check progress" },
  },
  {
    method: "GET",
    path: "/lgpd/{instance}/status/{cpf}",
    tag: "LGPD",
    summary: "The latest deletion request for a CPF",
    description:
      "status is pending, not_found, done or error; details holds, when done, the counts deleted per kind and the " +
      'request and completion times; when error, the reason. 404 {"status":"error","message":"Request not found"}, ' +
      "400 Invalid CPF, 401 Unauthorized.",
    auth: "lgpdKey",
    answer: "Request found.",
    answerExample: {
      message: "Request found",
      status: "done",
      details: {
        requested_at: "2026-11-23T12:00:00.000Z",
        completed_at: "2026-11-23T12:00:05.000Z",
        deleted: { documents: 2, observations: 1, attachments: 1, history: 4 },
      },
    },
  },
  {
    method: "GET",
    path: "/admin/lgpd-key",
    tag: "Admin",
    summary: "The instance's LGPD key: last characters, created and last used",
    auth: "bearer",
    role: "admin",
    answer: "{configured, last_chars, created_at, last_used_at, urls}.",
    errors: [401, 403],
  },
  {
    method: "POST",
    path: "/admin/lgpd-key/rotate",
    tag: "Admin",
    summary: "Generate or rotate the LGPD key (shown once)",
    auth: "bearer",
    role: "admin",
    body: noParametersSchema,
    answer: "{key, last_chars, …}: the key is shown this once and stored hashed.",
    errors: [400, 401, 403],
  },
  {
    method: "GET",
    path: "/admin/tokens",
    tag: "Admin",
    summary: "Document-API tokens of the instance",
    auth: "bearer",
    role: "admin",
    answer: "Array of tokens {id, name, prefix, role, created_by, created_at, last_used_at, expires_at, revoked_at}.",
    errors: [401, 403],
  },
  {
    method: "POST",
    path: "/admin/tokens",
    tag: "Admin",
    summary: "Create a document-API token (shown once)",
    auth: "bearer",
    role: "admin",
    body: ZCreateApiTokenBody,
    answer: "The token, shown this once, with its id and prefix.",
    errors: [400, 401, 403],
  },
  {
    method: "POST",
    path: "/admin/tokens/{id}/revoke",
    tag: "Admin",
    summary: "Revoke a document-API token",
    auth: "bearer",
    role: "admin",
    body: noParametersSchema,
    answer: "The revoked token.",
    errors: [400, 401, 403, 404],
  },
  {
    method: "POST",
    path: "/admin/lgpd-requests/search",
    tag: "Admin",
    summary: "Deletion requests, filtered by status, date and CPF (hashed, never stored)",
    auth: "bearer",
    role: "admin",
    body: ZSearchLgpdRequestsBody,
    answer: "{items, total, page, page_size}: masked CPF, status, times, attempts, details.",
    errors: [400, 401, 403],
  },
  {
    method: "POST",
    path: "/admin/lgpd-requests/{id}/retry",
    tag: "Admin",
    summary: "Retry an errored deletion request (the CPF is typed again and checked against its hash)",
    auth: "bearer",
    role: "admin",
    body: ZRetryLgpdRequestBody,
    answer: "The request, pending again.",
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "GET",
    path: "/admin/lgpd-requests/{id}/receipt",
    tag: "Admin",
    summary: "The receipt of a deletion request (survives the erasure)",
    auth: "bearer",
    role: "admin",
    answer: "What was deleted, when, by which request; masked CPF.",
    errors: [401, 403, 404],
  },
  {
    method: "GET",
    path: "/openapi.json",
    tag: "Reference",
    summary: "This API reference as OpenAPI 3.1",
    auth: "none",
    answer: "The OpenAPI document.",
  },
  {
    method: "GET",
    path: "/health",
    tag: "Operations",
    summary: "Liveness: the process answers (no database call)",
    auth: "none",
    answer: "200 {status: 'ok', uptime_seconds}.",
  },
  {
    method: "GET",
    path: "/ready",
    tag: "Operations",
    summary: "Readiness: database reachable, migrations applied, LGPD queue not stuck, not shutting down",
    auth: "none",
    answer: "200 {status: 'ready', checks, …}; 503 {status: 'not_ready', checks, …} otherwise. No personal data.",
    errors: [503],
  },
  {
    method: "GET",
    path: "/metrics",
    tag: "Operations",
    summary: "Prometheus metrics; off (404) unless METRICS_TOKEN is set, then Authorization: Bearer <METRICS_TOKEN>",
    auth: "none",
    answer: "Prometheus text format (text/plain; version=0.0.4).",
    errors: [401, 404],
  },
  ...STAFF_DOCUMENT_ROUTES,
  ...SETTINGS_ROUTES,
  ...TRACKING_ROUTES,
  ...WEBHOOK_ROUTES,
];
