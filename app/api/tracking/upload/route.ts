// POST /api/tracking/upload?request_id=<id> — the customer sends a requested file: multipart `file`, the page's token
// in `X-Tracking-Token` (a header, so it stays out of URL logs; checked before the body is read). No other auth.
import { badRequest } from "@/lib/http/errors.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { uploadCustomerFile } from "@/lib/tracking/server/upload-customer-file.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => {
  const { request } = ctx;
  const token = request.headers.get("x-tracking-token") ?? "";
  const requestAttachmentId = Number(new URL(request.url).searchParams.get("request_id"));
  if (!token || !Number.isSafeInteger(requestAttachmentId) || requestAttachmentId <= 0) {
    throw badRequest("Invalid parameters: token and request_id are required");
  }
  return uploadCustomerFile(ctx, { token, requestAttachmentId, request });
});
