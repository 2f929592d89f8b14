// Contract of POST /api/admin/lgpd-requests/{id}/retry (see lib/http/contract.ts).
import { ZLgpdRequestRow } from "@/lib/lgpd/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { ZRetryLgpdRequestBody } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-requests/{id}/retry",
  tag: "Admin",
  summary: "Retry an errored deletion request (the CPF is typed again and checked against its hash)",
  auth: "bearer",
  role: "admin",
  request: ZRetryLgpdRequestBody,
  response: ZLgpdRequestRow,
  answer: "The request, pending again.",
  errors: [400, 401, 403, 404, 409],
});
