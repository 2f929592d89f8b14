// The answer schemas of the catalog objects (lib/catalog/server/serialize.ts builds them): product, step, column, status,
// category, modality. Shared with the browser: contracts and fetchers take their types from here.
import { z } from "zod";
import { COLUMN_TYPES } from "../columns/values.ts";

export const ZIsoDateTime = z.iso.datetime({ offset: true });
const ZIsoDay = z.iso.date();
/** A JSON object stored as is (filled_columns, working hours). */
export const ZJsonObject = z.record(z.string(), z.unknown());

export const ZStep = z.strictObject({ id: z.int(), product_id: z.int(), name: z.string(), order: z.int() });

export const ZColumn = z.strictObject({
  id: z.int(),
  key: z.string(),
  label: z.string(),
  type: z.enum(COLUMN_TYPES),
  order: z.int(),
  required: z.boolean(),
  /** The allowed values of an `enum` column (empty for the other types). */
  options: z.array(z.string()),
});

export const ZCategory = z.strictObject({
  id: z.int(),
  key: z.string(),
  label: z.string(),
  kind: z.enum(["open", "pause", "finished"]),
  order: z.int(),
});

export const ZProduct = z.strictObject({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  sla: z.number().nullable(),
  active: z.boolean(),
  created_at: ZIsoDateTime,
  updated_at: ZIsoDateTime,
  steps: z.array(ZStep).optional(),
  columns: z.array(ZColumn).optional(),
});

export const ZStatus = z.strictObject({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  category_id: z.int(),
  category_label: z.string(),
  sla: z.number().nullable(),
  text_color: z.string(),
  bg_color: z.string(),
  order: z.int(),
  step_id: z.int().nullable(),
  allowed_status_ids: z.array(z.int()).optional(),
});

/** Working intervals per ISO weekday ("1" = Monday … "7"), e.g. {"1": [["08:00", "18:00"]]}; null = plain hours. */
const ZWorkingHours = z.partialRecord(
  z.enum(["1", "2", "3", "4", "5", "6", "7"]),
  z.array(z.tuple([z.string(), z.string()])),
);

const ZHoliday = z.strictObject({ date: ZIsoDay, name: z.string() });

export const ZModality = z.strictObject({
  id: z.int(),
  identifier: z.string(),
  time_zone: z.string(),
  working_hours: ZWorkingHours.nullable(),
  holidays: z.array(ZHoliday).optional(),
  created_at: ZIsoDateTime,
  updated_at: ZIsoDateTime,
});

export const ZProductList = z.array(ZProduct);
export const ZStatusList = z.array(ZStatus);
export const ZModalityList = z.array(ZModality);
