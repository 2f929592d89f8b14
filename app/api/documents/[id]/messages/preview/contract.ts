// Contract of POST /api/documents/{id}/messages/preview (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
import { previewMessageSchema, ZMessagePreview } from "@/lib/outbox/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/{id}/messages/preview",
  tag: "Staff",
  summary: "The customer's e-mail as it would be sent: a reply being written, or a status change's",
  auth: "bearer",
  role: "staff",
  params: { id: documentIdParam },
  request: previewMessageSchema,
  response: ZMessagePreview,
  answer: "{send, reason, recipient (masked), configured, subject, body}",
  errors: [400, 401, 403, 404],
});
