// POST /api/tracking/upload?request_id=<id> — the customer sends a requested file: multipart `file`, the page's token
// in `X-Tracking-Token` (a header, so it stays out of URL logs). No other auth. PDF/JPEG/PNG/WebP/HEIC whose bytes match the type, at most TRACKING_UPLOAD_MAX_BYTES.
import { badRequest } from "@/lib/http/errors.ts";
import { readUploadedFile } from "@/lib/http/upload.ts";
import { publicRoute } from "@/lib/tracking/public-route.ts";
import { customerFileMaxBytes, uploadCustomerFile } from "@/lib/tracking/upload.ts";

export const POST = publicRoute({
  path: "/api/tracking/upload",
  handler: async ({ request, requestId }) => {
    const url = new URL(request.url);
    const token = request.headers.get("x-tracking-token") ?? "";
    const requestAttachmentId = Number(url.searchParams.get("request_id"));
    if (!token || !Number.isSafeInteger(requestAttachmentId) || requestAttachmentId <= 0) {
      throw badRequest("Invalid parameters: token and request_id are required");
    }
    const file = await readUploadedFile(request, customerFileMaxBytes());
    return uploadCustomerFile(token, requestAttachmentId, file, requestId);
  },
});
