// Contract of POST /api/admin/lgpd-subject/deletion (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZSubjectRequestBody, ZSubjectDeletionCreated } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-subject/deletion",
  tag: "Admin",
  summary: "Request the deletion of a CPF's data (a request received by e-mail or letter)",
  description:
    "A request received by e-mail or letter may say how (channel), when (received_on: the deadline counts from that day) and a note. The same request and queue as POST /lgpd/{instance}/request, source admin; the CPF's access packages are deleted at once. One pending request per CPF (created false for a second call). Audited.",
  auth: "bearer",
  role: "admin",
  request: ZSubjectRequestBody,
  response: ZSubjectDeletionCreated,
  answer: "{created, request}.",
  errors: [400, 401, 403],
});
