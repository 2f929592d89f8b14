// Contract of POST /api/admin/audit/export (see lib/http/contract.ts).
import { ZAuditFilters } from "@/lib/audit/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/audit/export",
  tag: "Admin",
  summary: "CSV of the audit rows matching the filters (masked; the export is audited)",
  description:
    "UTF-8 with BOM; at most 50,000 rows, newest first. Recorded as audit.export with the filters and count.",
  auth: "bearer",
  role: "admin",
  request: ZAuditFilters,
  responseContentType: "text/csv",
  answer: "The CSV file.",
  errors: [400, 401, 403],
});
