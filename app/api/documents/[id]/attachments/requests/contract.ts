// Contract of POST /api/documents/{id}/attachments/requests (see lib/http/contract.ts).
import { ZAttachment } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { requestAttachmentSchema } from "@/lib/documents/schemas.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/documents/{id}/attachments/requests",
  tag: "Staff",
  summary: "Request a file the customer must send (a pending attachment)",
  auth: "bearer",
  params: { id: documentIdParam },
  role: "staff",
  request: requestAttachmentSchema,
  response: ZAttachment,
  answer: "The pending attachment.",
  errors: [400, 401, 403, 404],
});
