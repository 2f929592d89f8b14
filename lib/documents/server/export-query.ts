import "server-only";
import { ZDocumentFilters } from "../search-schema.ts";
import { invalid } from "../../errors/app-error.ts";
import { fieldErrors } from "../../errors/field-errors.ts";
import { ZExportOptions } from "../export-columns.ts";

/**
 * The export routes' GET query (CSV and XLSX alike): `filter` = the documents list's filters as JSON, `columns` =
 * comma-separated keys. Refusals answer 400 with the field errors (`filter.<path>`). The GET file is always masked by
 * the caller's policy: `unmasked` is refused here (400, `unmasked_export_post_only`), since a GET can be started by a
 * link or an image on any site with the admin's cookie, the reason in its query chosen by that site; the clear file
 * is a POST (ZExportRequestBody) from our own page or the API.
 */
export function parseExportQuery(request: Request) {
  const query = new URL(request.url).searchParams;
  if (query.has("unmasked")) {
    throw invalid("Invalid parameters", [
      {
        path: "unmasked",
        message: "The unmasked export is a POST with a JSON body (filter, columns, unmasked, reason)",
        code: "unmasked_export_post_only",
      },
    ]);
  }
  const raw = query.get("filter");
  let value: unknown = {};
  if (raw) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw invalid("Invalid parameters: filter is not valid JSON");
    }
  }
  const parsed = ZDocumentFilters.safeParse(value);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues).map((error) => ({ ...error, path: `filter.${error.path}` }));
    throw invalid("Invalid parameters", errors);
  }
  const columns = query.get("columns");
  const options = ZExportOptions.safeParse({
    columns: columns ? columns.split(",").filter(Boolean) : undefined,
  });
  if (!options.success) {
    throw invalid("Invalid parameters", fieldErrors(options.error.issues));
  }
  return { filters: parsed.data, options: options.data };
}
