// GET /api/documents/export.csv?filter=<json>&columns=<k1,k2>&unmasked=1&reason=<text> — the documents list's filters
// (POST /api/documents/search `filters`); the filtered documents as a streamed spreadsheet CSV (`;`, BOM). Auth: bearer
// or session (viewer+; personal data masked by the role's policy; unmasked: admins, with a reason, audited).
// X-Total-Count announces the number of rows for progress bars.
import { prepareDocumentExport } from "@/lib/documents/server/prepare-document-export.ts";
import { parseExportQuery } from "@/lib/documents/server/export-query.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const { filters, options } = parseExportQuery(ctx.request);
  const csv = await prepareDocumentExport(ctx, { filters, options });
  return new Response(csv.stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csv.fileName}"`,
      "cache-control": "no-store",
      "x-total-count": String(csv.total),
    },
  });
});
