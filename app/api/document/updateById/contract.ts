// Contract of POST /api/document/updateById (see lib/http/contract.ts).
import { ZDocument } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { updateDocumentSchema } from "@/lib/documents/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/document/updateById",
  tag: "Documents",
  summary: "Change a document",
  description:
    "Any create field plus user_id. filled_columns is merged into the stored object atomically (sent keys win). A status change not allowed by the transitions answers 409.",
  auth: "bearer",
  role: "staff",
  request: updateDocumentSchema,
  response: ZDocument,
  answer:
    "The full document: id, uuid, status_id, product_id, user_id, source, protocol, cpf, email, phone, name, sla_total, sla_start, sla_end, sla_end_status, modality_identifier, filled_columns, date_time, created_at, updated_at, modality_id, date_finished.",
  errors: [400, 401, 403, 413, 415, 429, 500, 503, 404, 409],
});
