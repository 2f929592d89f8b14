// Contract of GET /api/documents/{id}/attachments/{attachmentId} (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
export const GET = defineContract({
  method: "GET",
  path: "/documents/{id}/attachments/{attachmentId}",
  tag: "Staff",
  summary: "Download an attachment",
  auth: "bearer",
  params: { id: documentIdParam, attachmentId: documentIdParam },
  role: "viewer",
  responseContentType: "application/octet-stream",
  answer: "The file, with its media type and Content-Disposition.",
  errors: [400, 401, 403, 404],
});
