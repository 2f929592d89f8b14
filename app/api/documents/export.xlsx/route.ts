// GET /api/documents/export.xlsx — the filtered documents as an XLSX workbook (the CSV's rows, typed cells), masked by
// the caller's policy; POST with {filter, columns, unmasked, reason} — the same, and the only way to the unmasked
// workbook (admins, with a reason, audited). Auth: bearer or session (viewer+).
import type { UseCaseContext } from "@/lib/auth/use-case-context.ts";
import type { ExportOptions } from "@/lib/documents/export-columns.ts";
import { prepareDocumentXlsx } from "@/lib/documents/server/prepare-document-xlsx.ts";
import { parseExportQuery } from "@/lib/documents/server/export-query.ts";
import type { DocumentFilters } from "@/lib/documents/search-schema.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

async function xlsxResponse(ctx: UseCaseContext, filters: DocumentFilters, options: ExportOptions) {
  const xlsx = await prepareDocumentXlsx(ctx, { filters, options });
  return new Response(new Uint8Array(xlsx.bytes), {
    headers: {
      "content-type": contract.GET.responseContentType!,
      "content-disposition": `attachment; filename="${xlsx.fileName}"`,
      "cache-control": "no-store",
      "x-total-count": String(xlsx.total),
    },
  });
}

export const GET = apiRoute(contract.GET, async (ctx) => {
  const { filters, options } = parseExportQuery(ctx.request);
  return xlsxResponse(ctx, filters, options);
});

export const POST = apiRoute(contract.POST, async (ctx) => {
  const { filter, ...options } = ctx.body;
  return xlsxResponse(ctx, filter, options);
});
