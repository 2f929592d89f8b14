// GET /api/documents/export.csv?filter=<json> — the documents list's filters (POST /api/documents/search `filters`); the filtered documents as a streamed CSV. Auth: bearer or session
// (viewer+; personal data masked below staff). X-Total-Count announces the number of rows for progress bars.
import { prepareDocumentExport } from "@/lib/documents/server/export-csv.ts";
import { ZDocumentFilters } from "@/lib/documents/search-schema.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { ApiError, badRequest, fieldErrors } from "@/lib/http/errors.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor, request }) => {
  const raw = new URL(request.url).searchParams.get("filter");
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
  const csv = await prepareDocumentExport(actor, parsed.data);
  return new Response(csv.stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csv.fileName}"`,
      "cache-control": "no-store",
      "x-total-count": String(csv.total),
    },
  });
});
