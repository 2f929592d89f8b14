// Contract of POST /api/admin/lgpd-requests/{id}/deny (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZLgpdDenyBody, ZLgpdRequestRow } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-requests/{id}/deny",
  tag: "Admin",
  summary: "Deny a deletion awaiting review, with a reason the status API reports (audited)",
  description: "The request ends `error`; GET /lgpd/{instance}/status/{cpf} answers the reason in details.reason.",
  auth: "bearer",
  params: { id: idParam("Request not found") },
  role: "admin",
  request: ZLgpdDenyBody,
  response: ZLgpdRequestRow,
  answer: "The request, denied.",
  errors: [400, 401, 403, 404, 409],
});
