// Contract of POST /api/document/create (see lib/http/contract.ts).
import { ZCreatedDocument } from "@/lib/documents/answers.ts";
import { IDEMPOTENCY_KEY_HEADER, defineContract } from "@/lib/http/contract.ts";
import { createDocumentSchema } from "@/lib/documents/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/document/create",
  tag: "Documents",
  summary: "Create a workflow document",
  description:
    "status_id, product_id and cpf are required. modality_identifier is resolved to a modality (created if new). An absent sla_total takes the product's default SLA hours; null means no SLA. user_id (optional, as updateById's) sets the responsible person: an active user of the caller's instance, else 400 unknown_reference.",
  auth: "bearer",
  role: "staff",
  request: createDocumentSchema,
  idempotency: { route: "document/create" },
  headers: [IDEMPOTENCY_KEY_HEADER],
  response: ZCreatedDocument,
  answer:
    "The sent fields plus modality_id, uuid, sla_start, sla_end, sla_end_status, date_time, created_at, updated_at, id, protocol.",
  errors: [400, 401, 403, 413, 415, 429, 500, 503, 409],
});
