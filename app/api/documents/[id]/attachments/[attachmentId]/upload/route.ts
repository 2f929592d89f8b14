// POST /api/documents/<id>/attachments/<attachmentId>/upload — fulfil a pending request with a multipart `file`.
// Auth: staff+.
import { fulfilAttachmentRequest } from "@/lib/documents/server/fulfil-attachment-request.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { readUploadedFile } from "@/lib/http/upload.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  fulfilAttachmentRequest(ctx, {
    documentId: ctx.params.id,
    attachmentId: ctx.params.attachmentId,
    file: await readUploadedFile(ctx.request),
  }),
);
