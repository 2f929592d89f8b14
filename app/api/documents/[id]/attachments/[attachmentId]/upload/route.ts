// POST /api/documents/<id>/attachments/<attachmentId>/upload — fulfil a pending request with a multipart `file`.
// Auth: staff+.
import { pathId } from "@/lib/documents/server/access.ts";
import { fulfilAttachmentRequest } from "@/lib/documents/server/attachments.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { readUploadedFile } from "@/lib/http/upload.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, params, request, requestId }) => {
  const documentId = pathId(params, "id");
  const attachmentId = pathId(params, "attachmentId");
  return fulfilAttachmentRequest(actor, documentId, attachmentId, await readUploadedFile(request), requestId);
});
