// Contract of GET and POST /api/documents/export.csv (see lib/http/contract.ts).
import { ZExportRequestBody } from "@/lib/documents/export-columns.ts";
import { defineContract } from "@/lib/http/contract.ts";

const FORMAT =
  "For Brazilian spreadsheets: `;` separated, UTF-8 with BOM, date-times dd/mm/aaaa hh:mm in America/Sao_Paulo, decimal commas, Portuguese headers; cells starting with = + - @ are neutralised; X-Total-Count carries the row count.";

export const GET = defineContract({
  method: "GET",
  path: "/documents/export.csv",
  tag: "Staff",
  summary:
    "Export the filtered documents as a spreadsheet CSV, streamed, masked (query `filter` = the list's filter as JSON)",
  description: `${FORMAT} Query \`columns\` (comma-separated keys) chooses the columns. Personal data follows the masking policy of the caller's role; \`unmasked\` is refused here (400 unmasked_export_post_only): the clear file is the POST.`,
  auth: "bearer",
  role: "viewer",
  responseContentType: "text/csv",
  answer: "text/csv",
  errors: [400, 401, 403],
});

export const POST = defineContract({
  method: "POST",
  path: "/documents/export.csv",
  tag: "Staff",
  summary: "Export the filtered documents as a spreadsheet CSV, streamed; the only way to the unmasked file",
  description: `${FORMAT} Body: \`filter\` (the list's filters), \`columns\`, \`unmasked\`, \`reason\`. Personal data follows the masking policy of the caller's role; \`unmasked: true\` with a \`reason\` is an admin's right (403 otherwise, 400 without a reason) and is audited with the row count. With a session, only from our own pages (same-origin check).`,
  auth: "bearer",
  role: "viewer",
  request: ZExportRequestBody,
  emptyBodyIsObject: true,
  responseContentType: "text/csv",
  answer: "text/csv",
  errors: [400, 401, 403],
});
