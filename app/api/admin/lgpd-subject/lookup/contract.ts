// Contract of POST /api/admin/lgpd-subject/lookup (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZSubjectCpfBody, ZSubjectOverview } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-subject/lookup",
  tag: "Admin",
  summary: "A data subject by CPF: the summary and every access and deletion request (the lookup is audited)",
  description: "POST keeps the CPF out of URLs and logs; it is hashed for the lookup, never stored.",
  auth: "bearer",
  role: "admin",
  request: ZSubjectCpfBody,
  response: ZSubjectOverview,
  answer: "{cpf_masked, summary (null: no data), deletions, accesses}.",
  errors: [400, 401, 403],
});
