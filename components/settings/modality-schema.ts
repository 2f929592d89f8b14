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
