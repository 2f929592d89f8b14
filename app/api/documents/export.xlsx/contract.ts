// Contract of GET and POST /api/documents/export.xlsx (see lib/http/contract.ts).
import { ZExportRequestBody } from "@/lib/documents/export-columns.ts";
import { defineContract } from "@/lib/http/contract.ts";

const FORMAT =
  "The same columns, Portuguese headers, masking policy and audit as /documents/export.csv; numbers are numbers (currency columns formatted R$), date-times are dates in America/Sao_Paulo (dd/mm/aaaa hh:mm), date columns are dates. Built whole in memory: at most 20,000 rows (400 export_too_large; filter further or export CSV). X-Total-Count carries the row count.";

export const GET = defineContract({
  method: "GET",
  path: "/documents/export.xlsx",
  tag: "Staff",
  summary: "Export the filtered documents as an Excel workbook (XLSX), masked: the same rows as export.csv",
  description: `${FORMAT} The same query as GET /documents/export.csv (\`filter\`, \`columns\`); \`unmasked\` is refused here (400 unmasked_export_post_only): the clear file is the POST.`,
  auth: "bearer",
  role: "viewer",
  responseContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  answer: "the XLSX file",
  errors: [400, 401, 403],
});

export const POST = defineContract({
  method: "POST",
  path: "/documents/export.xlsx",
  tag: "Staff",
  summary: "Export the filtered documents as an Excel workbook (XLSX); the only way to the unmasked workbook",
  description: `${FORMAT} The same body as POST /documents/export.csv (\`filter\`, \`columns\`, \`unmasked\` + \`reason\`: admins, audited). With a session, only from our own pages (same-origin check).`,
  auth: "bearer",
  role: "viewer",
  request: ZExportRequestBody,
  emptyBodyIsObject: true,
  responseContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  answer: "the XLSX file",
  errors: [400, 401, 403],
});
