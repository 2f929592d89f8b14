// Contract of POST /api/admin/lgpd-subject/lookup (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZSubjectLookupBody, ZSubjectOverview } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-subject/lookup",
  tag: "Admin",
  summary: "A data subject by CPF: the summary and every access and deletion request (the lookup is audited)",
  description:
    "POST keeps the CPF out of URLs and logs; it is hashed for the lookup, never stored. One audit row per look-up: " +
    "a refresh of the same screen sends back the answer's lookup_id and writes none.",
  auth: "bearer",
  role: "admin",
  request: ZSubjectLookupBody,
  response: ZSubjectOverview,
  answer: "{cpf_masked, lookup_id, summary (null: no data), deletions, accesses, returned_documents, records}.",
  errors: [400, 401, 403],
});
