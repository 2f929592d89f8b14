// Contract of POST /api/document/loadById (see lib/http/contract.ts).
import { ZReadView } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { loadDocumentByIdSchema } from "@/lib/documents/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/document/loadById",
  tag: "Documents",
  summary: "Read one document",
  auth: "bearer",
  role: "viewer",
  request: loadDocumentByIdSchema,
  response: ZReadView,
  answer:
    "The read view: id, status_id, uuid, product_id, protocol, filled_columns, date_time, sla_end_status, updated_at, fields_to_show {CPF, Email, Telefone, Cliente, Fonte, Modalidade, Criado em}, product, status (with category), step (or null), observation[], attachment[].",
  errors: [400, 401, 403, 413, 415, 429, 500, 503, 404],
});
