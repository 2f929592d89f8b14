// Contract of POST /api/attachment/createPendency (see lib/http/contract.ts).
import { ZCompatAttachments, ZCompatCreatePendencyBody } from "@/lib/compat/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/attachment/createPendency",
  tag: "Compatibility",
  summary: "Ask customers for files (the original's pendencies)",
  description:
    "Each pendency becomes a pending file request on its document, shown to the customer on the tracking page. All or " +
    "none: one unknown document refuses the whole call (404). status sets the original's review status; send_to_sac is accepted.",
  auth: "bearer",
  role: "staff",
  request: ZCompatCreatePendencyBody,
  response: ZCompatAttachments,
  answer: "The created requests (attachment objects, state pending).",
  errors: [400, 401, 403, 404, 413, 415, 429, 500, 503],
});
