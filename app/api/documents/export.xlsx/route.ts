// GET /api/documents/export.xlsx — the filtered documents as an XLSX workbook (the CSV's rows, typed cells). Auth:
// bearer or session (viewer+; masked by the role's policy; unmasked: admins, with a reason, audited).
import { prepareDocumentXlsx } from "@/lib/documents/server/prepare-document-xlsx.ts";
import { parseExportQuery } from "@/lib/documents/server/export-query.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const { filters, options } = parseExportQuery(ctx.request);
  const xlsx = await prepareDocumentXlsx(ctx, { filters, options });
  return new Response(new Uint8Array(xlsx.bytes), {
    headers: {
      "content-type": contract.GET.responseContentType!,
      "content-disposition": `attachment; filename="${xlsx.fileName}"`,
      "cache-control": "no-store",
      "x-total-count": String(xlsx.total),
    },
  });
});
