// POST /api/documents/<id>/attachments — multipart upload of one `file` (ATTACHMENT_MAX_BYTES, else 413). Auth: staff+.
import { uploadAttachment } from "@/lib/documents/server/attachments.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { readUploadedFile } from "@/lib/http/upload.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, params, request, requestId }) => {
  const documentId = params.id;
  return uploadAttachment(actor, documentId, await readUploadedFile(request), requestId);
});
