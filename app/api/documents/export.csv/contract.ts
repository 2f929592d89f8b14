// Contract of GET /api/documents/export.csv (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/documents/export.csv",
  tag: "Staff",
  summary: "Export the filtered documents as a spreadsheet CSV, streamed (query `filter` = the list's filter as JSON)",
  description:
    "For Brazilian spreadsheets: `;` separated, UTF-8 with BOM, date-times dd/mm/aaaa hh:mm in America/Sao_Paulo, decimal commas, Portuguese headers; cells starting with = + - @ are neutralised; X-Total-Count carries the row count. Query `columns` (comma-separated keys) chooses the columns. Personal data follows the masking policy of the caller's role; `unmasked=1` with a `reason` is an admin's right (403 otherwise, 400 without a reason) and is audited with the row count.",
  auth: "bearer",
  role: "viewer",
  responseContentType: "text/csv",
  answer: "text/csv",
  errors: [400, 401, 403],
});
