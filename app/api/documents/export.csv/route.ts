// GET /api/documents/export.csv?filter=<json>&columns=<k1,k2>&unmasked=1&reason=<text> — the documents list's filters
// (POST /api/documents/search `filters`); the filtered documents as a streamed spreadsheet CSV (`;`, BOM). Auth: bearer
// or session (viewer+; personal data masked by the role's policy; unmasked: admins, with a reason, audited).
// X-Total-Count announces the number of rows for progress bars.
import { prepareDocumentExport, ZExportOptions } from "@/lib/documents/server/export-csv.ts";
import { ZDocumentFilters } from "@/lib/documents/search-schema.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { ApiError, badRequest, fieldErrors } from "@/lib/http/errors.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor, request, requestId }) => {
  const query = new URL(request.url).searchParams;
  const raw = query.get("filter");
  let value: unknown = {};
  if (raw) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest("Invalid parameters: filter is not valid JSON");
    }
  }
  const parsed = ZDocumentFilters.safeParse(value);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues).map((error) => ({ ...error, path: `filter.${error.path}` }));
    throw new ApiError("BadRequest", "Invalid parameters", { errors });
  }
  const columns = query.get("columns");
  const options = ZExportOptions.safeParse({
    columns: columns ? columns.split(",").filter(Boolean) : undefined,
    unmasked: ["1", "true"].includes(query.get("unmasked") ?? ""),
    reason: query.get("reason") ?? undefined,
  });
  if (!options.success) {
    throw new ApiError("BadRequest", "Invalid parameters", { errors: fieldErrors(options.error.issues) });
  }
  const csv = await prepareDocumentExport({ actor, requestId }, { filters: parsed.data, options: options.data });
  return new Response(csv.stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csv.fileName}"`,
      "cache-control": "no-store",
      "x-total-count": String(csv.total),
    },
  });
});
