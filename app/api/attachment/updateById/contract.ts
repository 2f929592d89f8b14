// Contract of POST /api/attachment/updateById (see lib/http/contract.ts).
import { ZCompatAttachment, ZCompatUpdateAttachmentBody } from "@/lib/compat/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/attachment/updateById",
  tag: "Compatibility",
  summary: "Rename a file or request, change its description or review status",
  description: "status is the original's review status of the file: ok, pending or in_analisys.",
  auth: "bearer",
  role: "staff",
  request: ZCompatUpdateAttachmentBody,
  response: ZCompatAttachment,
  answer: "The attachment.",
  errors: [400, 401, 403, 404, 413, 415, 429, 500, 503],
});
