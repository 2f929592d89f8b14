// Contract of GET /api/documents/export.xlsx (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/documents/export.xlsx",
  tag: "Staff",
  summary: "Export the filtered documents as an Excel workbook (XLSX), the same rows as export.csv",
  description:
    "The same query (`filter`, `columns`, `unmasked` + `reason`), columns, Portuguese headers, masking policy and audit as /documents/export.csv; numbers are numbers (currency columns formatted R$), date-times are dates in America/Sao_Paulo (dd/mm/aaaa hh:mm), date columns are dates. Built whole in memory: at most 20,000 rows (400 export_too_large; filter further or export CSV). X-Total-Count carries the row count.",
  auth: "bearer",
  role: "viewer",
  responseContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  answer: "the XLSX file",
  errors: [400, 401, 403],
});
