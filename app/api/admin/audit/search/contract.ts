// Contract of POST /api/admin/audit/search (see lib/http/contract.ts).
import { ZAuditPage, ZAuditSearchBody } from "@/lib/audit/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/audit/search",
  tag: "Admin",
  summary: "The audit trail: rows filtered by actor, entity, action and days, newest first",
  description:
    "Personal values in details (e-mails, CPFs, phones, a user's name) are masked; reveal: true shows them and is itself audited (audit.reveal). CLI and worker actors read Sistema (CLI) / Sistema (rotina).",
  auth: "bearer",
  role: "admin",
  request: ZAuditSearchBody,
  response: ZAuditPage,
  answer: "{items, total, page, page_size, revealed}.",
  errors: [400, 401, 403],
});
