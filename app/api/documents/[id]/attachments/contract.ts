// Contract of POST /api/documents/{id}/attachments (see lib/http/contract.ts).
import { ZAttachment } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/documents/{id}/attachments",
  tag: "Staff",
  summary:
    "Upload an attachment (multipart field `file`; size limit ATTACHMENT_MAX_BYTES; a whole file of one of the instance's formats, judged by content, else 415)",
  auth: "bearer",
  params: { id: documentIdParam },
  role: "staff",
  requestContentType: "multipart/form-data",
  response: ZAttachment,
  answer: "The attachment (without content).",
  errors: [400, 401, 403, 404, 413, 415],
});
