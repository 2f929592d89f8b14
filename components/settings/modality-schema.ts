// The modality form's inputs as typed → the body its route parses (createModalitySchema / updateModalitySchema in
// lib/settings/schemas.ts), shared by the "new modality" dialog and the modality page's form.
import { z } from "zod";
import { createModalitySchema, updateModalitySchema } from "@/lib/settings/schemas.ts";

export const modalityInputs = z.object({ identifier: z.string(), time_zone: z.string() });
export type ModalityValues = z.infer<typeof modalityInputs>;
const toBody = (values: ModalityValues) => ({ identifier: values.identifier.trim(), time_zone: values.time_zone });
export const newModalitySchema = modalityInputs
  .transform((values): z.input<typeof createModalitySchema> => toBody(values))
  .pipe(createModalitySchema);
export const modalityEditSchema = modalityInputs
  .transform((values): z.input<typeof updateModalitySchema> => toBody(values))
  .pipe(updateModalitySchema);

/** The calendar editor's inputs: intervals per ISO weekday as typed (empty days allowed), and whether to use them. */
export const calendarInputs = z.object({
  use_calendar: z.boolean(),
  week: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
});
export type CalendarValues = z.infer<typeof calendarInputs>;
/** → `{ working_hours }` as PATCH /api/admin/settings/modalities/{id} parses it: null for plain hours, empty days left out. */
export const calendarSchema = calendarInputs
  .transform((values): z.input<typeof updateModalitySchema> => ({
    working_hours: values.use_calendar
      ? Object.fromEntries(Object.entries(values.week).filter(([, intervals]) => intervals.length > 0))
      : null,
  }))
  .pipe(updateModalitySchema);
