// POST /api/documents/<id>/attachments — multipart upload of one `file` (ATTACHMENT_MAX_BYTES, else 413). Auth: staff+.
import { uploadAttachment } from "@/lib/documents/server/upload-attachment.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { readUploadedFile } from "@/lib/http/upload.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  uploadAttachment(ctx, { documentId: ctx.params.id, file: await readUploadedFile(ctx.request) }),
);
