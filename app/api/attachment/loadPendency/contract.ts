// Contract of POST /api/attachment/loadPendency (see lib/http/contract.ts).
import { ZCompatAttachments, ZCompatLoadPendencyBody } from "@/lib/compat/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/attachment/loadPendency",
  tag: "Compatibility",
  summary: "A document's pending file requests",
  auth: "bearer",
  role: "viewer",
  request: ZCompatLoadPendencyBody,
  response: ZCompatAttachments,
  answer: "Array of the document's pending requests (attachment objects with id, name, status …), oldest first.",
  errors: [400, 401, 403, 404, 413, 415, 429, 500, 503],
});
