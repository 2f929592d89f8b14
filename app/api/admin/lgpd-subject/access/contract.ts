// Contract of POST /api/admin/lgpd-subject/access (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZSubjectAccessCreated, ZSubjectRequestBody } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-subject/access",
  tag: "Admin",
  summary: "Generate an access package for a CPF (a request received by e-mail or letter)",
  description:
    "A request received by e-mail or letter may say how (channel), when (received_on: the deadline counts from that day) and a note. One pending request per CPF: a second call answers the pending one (created false). Audited.",
  auth: "bearer",
  role: "admin",
  request: ZSubjectRequestBody,
  response: ZSubjectAccessCreated,
  answer: "{created, request}.",
  errors: [400, 401, 403],
});
