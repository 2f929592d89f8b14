// GET /api/documents/export.csv?filter=<json>&columns=<k1,k2> — masked by the caller's policy; POST with
// {filter, columns, unmasked, reason} — the same file, and the only way to the unmasked one (admins, with a reason,
// audited; a session's POST passes the same-origin check). The documents list's filters (POST /api/documents/search
// `filters`); the filtered documents as a streamed spreadsheet CSV (`;`, BOM). Auth: bearer or session (viewer+).
// X-Total-Count announces the number of rows for progress bars.
import type { UseCaseContext } from "@/lib/auth/use-case-context.ts";
import type { ExportOptions } from "@/lib/documents/export-columns.ts";
import { prepareDocumentExport } from "@/lib/documents/server/prepare-document-export.ts";
import { parseExportQuery } from "@/lib/documents/server/export-query.ts";
import type { DocumentFilters } from "@/lib/documents/search-schema.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

async function csvResponse(ctx: UseCaseContext, filters: DocumentFilters, options: ExportOptions) {
  const csv = await prepareDocumentExport(ctx, { filters, options });
  return new Response(csv.stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csv.fileName}"`,
      "cache-control": "no-store",
      "x-total-count": String(csv.total),
    },
  });
}

export const GET = apiRoute(contract.GET, async (ctx) => {
  const { filters, options } = parseExportQuery(ctx.request);
  return csvResponse(ctx, filters, options);
});

export const POST = apiRoute(contract.POST, async (ctx) => {
  const { filter, ...options } = ctx.body;
  return csvResponse(ctx, filter, options);
});
