import "server-only";
import { ZDocumentFilters } from "../search-schema.ts";
import { invalid } from "../../errors/app-error.ts";
import { fieldErrors } from "../../errors/field-errors.ts";
import { ZExportOptions } from "./export-source.ts";

/**
 * The export routes' query (CSV and XLSX alike): `filter` = the documents list's filters as JSON, `columns` = comma-
 * separated keys, `unmasked=1` with a `reason`. Refusals answer 400 with the field errors (`filter.<path>`).
 */
export function parseExportQuery(request: Request) {
  const query = new URL(request.url).searchParams;
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
    unmasked: ["1", "true"].includes(query.get("unmasked") ?? ""),
    reason: query.get("reason") ?? undefined,
  });
  if (!options.success) {
    throw invalid("Invalid parameters", fieldErrors(options.error.issues));
  }
  return { filters: parsed.data, options: options.data };
}
