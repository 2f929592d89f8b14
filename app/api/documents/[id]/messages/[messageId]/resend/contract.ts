// Contract of POST /api/documents/{id}/messages/{messageId}/resend (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";
import { ZWebhookResent } from "@/lib/webhooks/answers.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/{id}/messages/{messageId}/resend",
  tag: "Staff",
  summary: "Send a failed customer e-mail again (a new copy with the same recipient and text)",
  auth: "bearer",
  role: "staff",
  params: { id: documentIdParam, messageId: documentIdParam },
  request: noParametersSchema,
  response: ZWebhookResent,
  answer: "{id (the copy), resent_from}",
  errors: [400, 401, 403, 404, 409],
});
