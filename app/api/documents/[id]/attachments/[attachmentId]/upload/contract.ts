// Contract of POST /api/documents/{id}/attachments/{attachmentId}/upload (see lib/http/contract.ts).
import { ZAttachment } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/documents/{id}/attachments/{attachmentId}/upload",
  tag: "Staff",
  summary: "Fulfil a pending attachment request with the customer's file (multipart field `file`)",
  auth: "bearer",
  params: { id: documentIdParam, attachmentId: documentIdParam },
  role: "staff",
  requestContentType: "multipart/form-data",
  response: ZAttachment,
  answer: "The attachment, now uploaded.",
  errors: [400, 401, 403, 404, 409, 413, 415],
});
