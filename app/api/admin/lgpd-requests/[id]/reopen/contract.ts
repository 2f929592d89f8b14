// Contract of POST /api/admin/lgpd-requests/{id}/reopen (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZLgpdReopenBody, ZLgpdRequestRow } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-requests/{id}/reopen",
  tag: "Admin",
  summary: "Reopen a denied deletion: back to the review queue, the CPF typed again and a reason (audited)",
  description:
    "Only a denied deletion; it waits for a new decision (approve or deny), it is never erased straight away. " +
    "The retry route refuses denied requests (409 lgpd_denied_final).",
  auth: "bearer",
  params: { id: idParam("Request not found") },
  role: "admin",
  request: ZLgpdReopenBody,
  response: ZLgpdRequestRow,
  answer: "The request, awaiting review again.",
  errors: [400, 401, 403, 404, 409],
});
