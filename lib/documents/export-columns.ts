// The spreadsheet export's base columns and request (no server-only imports: the export button uses them).
import { z } from "zod";
import { ZDocumentFilters } from "./search-schema.ts";

export const EXPORT_BASE_COLUMNS = [
  "id",
  "protocol",
  "cpf",
  "name",
  "email",
  "phone",
  "status",
  "category",
  "product",
  "modality",
  "sla_total",
  "sla_end",
  "created_at",
  "updated_at",
  "date_finished",
] as const;
export type ExportBaseColumn = (typeof EXPORT_BASE_COLUMNS)[number];

/** The export's options besides the filter: which columns (base keys and product column keys), masked or not. */
export const ZExportOptions = z.object({
  columns: z.array(z.string().trim().min(1).max(100)).max(200).optional(),
  unmasked: z.boolean().default(false),
  reason: z.string().trim().max(500).optional(),
});
export type ExportOptions = z.input<typeof ZExportOptions>;

/**
 * POST /api/documents/export.csv|xlsx: the list's filters and the options as a JSON body. The clear (unmasked) file
 * is asked for only this way — from our own page (the session's same-origin check) or the API with a token — so a
 * link on another site can neither start it nor choose the reason the audit keeps.
 */
export const ZExportRequestBody = z.strictObject({
  filter: ZDocumentFilters.default({}),
  ...ZExportOptions.shape,
});
export type ExportRequestBody = z.input<typeof ZExportRequestBody>;
