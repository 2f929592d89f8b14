// POST /api/documents/<id>/attachments/<attachmentId>/upload — fulfil a pending request with a multipart `file`.
// Auth: staff+.
import { fulfilAttachmentRequest } from "@/lib/documents/server/attachments.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { readUploadedFile } from "@/lib/http/upload.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, params, request, requestId }) => {
  const documentId = params.id;
  const attachmentId = params.attachmentId;
  return fulfilAttachmentRequest(actor, documentId, attachmentId, await readUploadedFile(request), requestId);
});
