// POST /api/documents/<id>/attachments/requests {file_name, note} — ask the customer for a file. Auth: staff+.
import { pathId } from "@/lib/documents/access.ts";
import { requestAttachment, requestAttachmentSchema } from "@/lib/documents/attachments.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "staff",
  body: requestAttachmentSchema,
  handler: async ({ actor, body, params, requestId }) =>
    requestAttachment(actor, pathId(params, "id"), body, requestId),
});
