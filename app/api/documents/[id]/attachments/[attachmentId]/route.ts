// GET /api/documents/<id>/attachments/<attachmentId> — download the file as stored. Auth: viewer+.
import { readAttachmentContent } from "@/lib/documents/server/read-attachment-content.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { contentDisposition } from "@/lib/http/upload.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const file = await readAttachmentContent(ctx, { documentId: ctx.params.id, attachmentId: ctx.params.attachmentId });
  return new Response(file.content, {
    headers: {
      "content-type": file.mediaType,
      "content-length": String(file.content.byteLength),
      "content-disposition": contentDisposition(file.fileName),
      "x-content-type-options": "nosniff",
      // Never rendered as a page of ours, even if opened directly.
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
      ...(file.sha256 ? { "x-content-sha256": file.sha256 } : {}),
    },
  });
});
