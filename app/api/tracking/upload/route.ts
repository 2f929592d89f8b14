// POST /api/tracking/upload[?request_id=<id>] — the customer sends a file: multipart `file`, the page's token in
// `X-Tracking-Token` (a header, so it stays out of URL logs; checked before the body is read). No other auth.
import { badRequest } from "@/lib/http/errors.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { uploadCustomerFile } from "@/lib/tracking/server/upload-customer-file.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => {
  const token = ctx.request.headers.get("x-tracking-token") ?? "";
  if (!token) throw badRequest("Invalid parameters: the X-Tracking-Token header is required");
  return uploadCustomerFile(ctx, { token, requestAttachmentId: ctx.query.request_id, request: ctx.request });
});
