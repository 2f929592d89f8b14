// Contract of POST /api/admin/lgpd-requests/search (see lib/http/contract.ts).
import { ZLgpdRequestPage } from "@/lib/lgpd/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { ZSearchLgpdRequestsBody } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-requests/search",
  tag: "Admin",
  summary: "Deletion requests, filtered by status, date and CPF (hashed, never stored)",
  auth: "bearer",
  role: "admin",
  request: ZSearchLgpdRequestsBody,
  response: ZLgpdRequestPage,
  answer: "{items, total, page, page_size}: masked CPF, status, times, attempts, details.",
  errors: [400, 401, 403],
});
