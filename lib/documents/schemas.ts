// The request contracts of the document API (SPEC.md "JSON API"): one schema per route.
import { z } from "zod";
import { hoursField, idField, optionalEmail, optionalText } from "../http/zod-fields.ts";
import { MAX_PAGE_SIZE } from "./search-schema.ts";

const filledColumns = z
  .record(z.string().trim().min(1).max(100), z.json())
  .refine((value) => Object.keys(value).length <= 200, "At most 200 keys");

const documentFields = {
  status_id: idField,
  product_id: idField,
  cpf: z.string().trim().min(1, "cpf must not be empty").max(64),
  // The original's Go CLI sends "" when its user gives no modality: no modality, never one named "".
  modality_identifier: z
    .string()
    .trim()
    .max(120)
    .nullable()
    .transform((value) => (value === "" ? null : value))
    .optional(),
  name: optionalText(200),
  phone: optionalText(60),
  email: optionalEmail,
  sla_total: hoursField.nullable().optional(),
  source: optionalText(120),
  // null is "none" (the original's CLI sends it when no column was given): the same as leaving it out.
  filled_columns: filledColumns
    .nullable()
    .transform((value) => value ?? undefined)
    .optional(),
};

export const createDocumentSchema = z.object({
  ...documentFields,
  // The responsible staff user (updateById's user_id, set at birth): an active user of the caller's instance; absent
  // or null = nobody. Additive: the original service's create body has no such field, so its callers never send it.
  user_id: idField.nullable().optional(),
});
export type CreateDocumentInput = z.infer<typeof createDocumentSchema>;

export const updateDocumentSchema = z.object({
  id: idField,
  ...documentFields,
  status_id: idField.optional(),
  product_id: idField.optional(),
  cpf: documentFields.cpf.optional(),
  user_id: idField.nullable().optional(),
});
export type UpdateDocumentInput = z.infer<typeof updateDocumentSchema>;

export const loadDocumentByIdSchema = z.object({ id: idField });

const cpfValue = z.string().trim().min(1).max(64);
const categoryKeys = z
  .union([z.string(), z.array(z.string().trim().min(1).max(40)).max(50)])
  .nullable()
  .optional()
  .transform((value) =>
    (typeof value === "string" ? value.split(",") : (value ?? [])).map((key) => key.trim()).filter(Boolean),
  );

export const loadDocumentsByCpfSchema = z.object({
  cpf: z
    .union([cpfValue, z.array(cpfValue).min(1).max(100)])
    .transform((value) => (Array.isArray(value) ? value : [value])),
  categories: categoryKeys,
});

export const removeFilledColumnsSchema = z.object({
  id: idField,
  keys: z.array(z.string().trim().min(1).max(100)).min(1).max(200),
});

/** The catalog routes take an empty object (anything else in it is ignored, as the original service did). */
export const emptyBodySchema = z.object({}).loose();

/** POST /api/documents/<id>/observations. */
export const createObservationSchema = z.object({
  text: z.string().trim().min(1, "text must not be empty").max(10_000),
  visibility: z.enum(["internal", "customer"]),
  /** A note to the customer sent now by e-mail (the status's template with it; never for internal notes). */
  send_email: z.boolean().optional(),
});
export type CreateObservationInput = z.infer<typeof createObservationSchema>;

/** POST /api/documents/<id>/attachments/requests: a file the customer must send. */
export const requestAttachmentSchema = z.object({
  file_name: z.string().trim().min(1, "file_name must not be empty").max(200),
  note: z.string().trim().max(2000).nullable().optional(),
});
export type RequestAttachmentInput = z.infer<typeof requestAttachmentSchema>;

/** POST /api/documents/reveal-page: the list rows on screen (at most one page). */
export const ZRevealPageBody = z
  .object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(MAX_PAGE_SIZE) })
  .strict();
