// Contract of GET /api/admin/lgpd-requests/{id}/receipt (see lib/http/contract.ts).
import { ZLgpdReceipt } from "@/lib/lgpd/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const GET = defineContract({
  method: "GET",
  path: "/admin/lgpd-requests/{id}/receipt",
  tag: "Admin",
  summary: "The receipt of a deletion request (survives the erasure)",
  auth: "bearer",
  params: { id: idParam("Request not found") },
  role: "admin",
  response: ZLgpdReceipt,
  answer: "What was deleted, when, by which request; masked CPF.",
  errors: [401, 403, 404],
});
