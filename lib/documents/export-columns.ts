// The spreadsheet export's base columns (no server-only imports: the export button lists them).
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
