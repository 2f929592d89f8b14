/**
 * The keys of a document's read view (document/loadById, loadByCPF), in the order the API answers them: the spec's
 * contract, written once for the serializer's unit test (lib/documents/server/read-view-json.test.ts, order included)
 * and the HTTP answer's test (tests/documents-api.http.test.ts).
 */
export const READ_VIEW_KEYS = [
  "id",
  "status_id",
  "uuid",
  "product_id",
  "protocol",
  "filled_columns",
  "date_time",
  "sla_end_status",
  "updated_at",
  "fields_to_show",
  "product",
  "status",
  "step",
  "observation",
  "attachment",
] as const;
