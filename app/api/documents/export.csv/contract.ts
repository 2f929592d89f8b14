// Contract of GET /api/documents/export.csv (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/documents/export.csv",
  tag: "Staff",
  summary: "Export the filtered documents as CSV, streamed (query `filter` = the list's filter as JSON)",
  description:
    "UTF-8 with BOM; cells starting with = + - @ are neutralised; X-Total-Count carries the row count. Personal data is masked for viewers.",
  auth: "bearer",
  role: "viewer",
  responseContentType: "text/csv",
  answer: "text/csv",
  errors: [400, 401, 403],
});
