// Contract of POST /api/attachment/upload/link (see lib/http/contract.ts).
import { ZCompatAttachment, ZCompatUploadLinkBody } from "@/lib/compat/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/attachment/upload/link",
  tag: "Compatibility",
  summary: "Record a file that lives elsewhere (a link)",
  description:
    "Metadata only: the server never fetches `path` (an http(s) URL or a storage key; other schemes are refused). " +
    "Staff see it as an external link; customers do not see it on the tracking page. send_attachment is accepted and " +
    "not acted on (we hold no copy to send).",
  auth: "bearer",
  role: "staff",
  request: ZCompatUploadLinkBody,
  response: ZCompatAttachment,
  answer: "The attachment (state linked, link_url and path = the given path).",
  errors: [400, 401, 403, 404, 413, 415, 429, 500, 503],
});
