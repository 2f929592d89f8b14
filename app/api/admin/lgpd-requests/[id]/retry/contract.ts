// Contract of POST /api/admin/lgpd-requests/{id}/retry (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZLgpdRequestRow, ZRetryLgpdRequestBody } from "@/lib/lgpd/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-requests/{id}/retry",
  tag: "Admin",
  summary: "Retry an errored deletion request (the CPF is typed again and checked against its hash)",
  auth: "bearer",
  params: { id: idParam("Request not found") },
  role: "admin",
  request: ZRetryLgpdRequestBody,
  response: ZLgpdRequestRow,
  answer: "The request, pending again.",
  errors: [400, 401, 403, 404, 409],
});
