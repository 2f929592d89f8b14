// Contract of POST /api/admin/lgpd-subject/access (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZSubjectAccessCreated, ZSubjectCpfBody } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-subject/access",
  tag: "Admin",
  summary: "Generate an access package for a CPF (a request received by e-mail or letter)",
  description: "One pending request per CPF: a second call answers the pending one (created false). Audited.",
  auth: "bearer",
  role: "admin",
  request: ZSubjectCpfBody,
  response: ZSubjectAccessCreated,
  answer: "{created, request}.",
  errors: [400, 401, 403],
});
