// Request contracts of the settings API (app/api/admin/settings/**). Pure zod, so the browser forms can share the
// field rules and types. Field names mirror the answers (lib/catalog/server/serialize.ts) so a form sends back what it read.
import { z } from "zod";
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from "../auth/schemas.ts";
import { ROLES } from "../auth/roles.ts";
import { hoursField, idField } from "../http/zod-fields.ts";
import { COLUMN_TYPES } from "../columns/values.ts";
import { PLACEHOLDERS, unknownPlaceholders } from "../outbox/template.ts";

/** A rule of our own: the English message for API clients, the `code` the UI translates (lib/http/errors.ts). */
const rule = (code: string, message: string) => ({ message, params: { code } });
const matches = (pattern: RegExp) => (value: string) => pattern.test(value);
/** The pattern a refinement checks, kept in the generated OpenAPI document as the regex check used to be. */
const documented = (pattern: RegExp) => ({ pattern: pattern.source });

const name = (max: number) => z.string().trim().min(1, "Required").max(max);
const order = z.number().int().min(0).max(100_000);
const COLOUR = /^#[0-9a-fA-F]{6}$/;
const colour = z
  .string()
  .trim()
  .refine(matches(COLOUR), rule("colour", "Use a colour like #1f2937"))
  .meta(documented(COLOUR))
  .transform((value) => value.toLowerCase());

/** Keys of filled_columns and category keys: safe in JSON paths, CSV headers and URLs. */
const SAFE_KEY = /^[a-z0-9_]{1,60}$/;
const safeKey = z
  .string()
  .trim()
  .refine(matches(SAFE_KEY), rule("safe_key", "Use 1–60 lower-case letters, digits or _"))
  .meta(documented(SAFE_KEY));

// ---------------------------------------------------------------- categories
export const CATEGORY_KINDS = ["open", "pause", "finished"] as const;
export const createCategorySchema = z.strictObject({
  key: safeKey,
  label: name(80),
  kind: z.enum(CATEGORY_KINDS),
  order: order.optional(),
});
export const updateCategorySchema = createCategorySchema.partial();
export type CreateCategoryInput = z.infer<typeof createCategorySchema>;
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;

// ---------------------------------------------------------------- statuses
/**
 * A message template names only the placeholders the sender fills ({nome}, {protocolo}, …): an unknown one
 * (`{cliente}`) would reach the customer literally, so it is refused when the template is saved.
 */
const template = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine((text, context) => {
      const unknown = unknownPlaceholders(text).map((name) => `{${name}}`);
      if (unknown.length) {
        const allowed = PLACEHOLDERS.map((name) => `{${name}}`).join(", ");
        context.addIssue({
          code: "custom",
          message: `Unknown placeholder${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; use ${allowed}`,
          params: { code: "unknown_placeholder", placeholder: unknown.join(", "), allowed },
        });
      }
    });

export const createStatusSchema = z.strictObject({
  name: name(120),
  description: z.string().trim().max(1000).optional(),
  category_id: idField,
  sla: hoursField.nullable().optional(),
  text_color: colour.optional(),
  bg_color: colour.optional(),
  order: order.optional(),
  step_id: idField.nullable().optional(),
  /** What the customer sees (tracking page, messages); null = the name. */
  public_name: z.string().trim().min(1).max(120).nullable().optional(),
  /** Entering the status e-mails the customer, with this pt-BR template (null = the default one). */
  notify_customer: z.boolean().optional(),
  message_subject: template(250).nullable().optional(),
  message_body: template(5000).nullable().optional(),
  /** Final: with no allowed transitions, documents in it move nowhere. */
  final: z.boolean().optional(),
  /** "Ao receber resposta do cliente, mover para …": the customer's reply or file moves the document there. */
  reply_status_id: idField.nullable().optional(),
  /** Statuses a document may move to from this one; empty = anywhere (or nowhere when final). */
  allowed_status_ids: z
    .array(idField)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, rule("unique_items", "Each status may appear once"))
    .optional(),
});
export const updateStatusSchema = createStatusSchema.partial();
/** DELETE …/statuses/{id}?move_to=<status id>: the status its documents move to before it is deleted. */
export const deleteStatusQuerySchema = z.strictObject({
  move_to: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Expected a status id")
    .transform(Number)
    .optional(),
});
export type CreateStatusInput = z.infer<typeof createStatusSchema>;
export type UpdateStatusInput = z.infer<typeof updateStatusSchema>;

// ---------------------------------------------------------------- products, columns, steps
export const createProductSchema = z.strictObject({
  name: name(120),
  description: z.string().trim().max(1000).optional(),
  /** Default SLA hours of new documents (null = none). */
  sla: hoursField.nullable().optional(),
  active: z.boolean().optional(),
});
export const updateProductSchema = createProductSchema.partial();
export type CreateProductInput = z.infer<typeof createProductSchema>;
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

export { COLUMN_TYPES };
const columnFields = {
  key: safeKey,
  label: name(120),
  type: z.enum(COLUMN_TYPES),
  order: order.optional(),
  /** An empty value is refused on the staff page and in imports. */
  required: z.boolean().optional(),
  /** The allowed values of an `enum` column (required for that type, ignored by the others). */
  options: z
    .array(z.string().trim().min(1).max(120))
    .max(100)
    .refine((options) => new Set(options).size === options.length, rule("unique", "Options must be unique"))
    .optional(),
};
const enumHasOptions = (input: { type?: string; options?: string[] }) =>
  input.type !== "enum" || input.options === undefined || input.options.length > 0;
export const createColumnSchema = z
  .strictObject(columnFields)
  .refine((input) => input.type !== "enum" || (input.options?.length ?? 0) > 0, {
    ...rule("options_required", "A list column needs at least one option"),
    path: ["options"],
  });
export const updateColumnSchema = z
  .strictObject(columnFields)
  .partial()
  .refine(enumHasOptions, {
    ...rule("options_required", "A list column needs at least one option"),
    path: ["options"],
  });
export type CreateColumnInput = z.infer<typeof createColumnSchema>;
export type UpdateColumnInput = z.infer<typeof updateColumnSchema>;

export const createStepSchema = z.strictObject({
  name: name(120),
  order: order.optional(),
  /** The statuses that stand for this step in this product (a per-product map; a status is in at most one
   * step of a product, so listing it here moves it from another step). Omitted = unchanged. */
  status_ids: z
    .array(idField)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, rule("unique_items", "Each status may appear once"))
    .optional(),
});
export const updateStepSchema = createStepSchema.partial();
export type CreateStepInput = z.infer<typeof createStepSchema>;
export type UpdateStepInput = z.infer<typeof updateStepSchema>;

// ---------------------------------------------------------------- modalities, calendars, holidays
export const ISO_WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;
const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const clockMinutes = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

const clock = z.string().refine(matches(CLOCK), rule("clock", "Use HH:MM (00:00–24:00)")).meta(documented(CLOCK));
const interval = z
  .tuple([clock, clock])
  .refine(
    ([from, to]) => clockMinutes(to) > clockMinutes(from),
    rule("end_after_start", "The end must be after the start"),
  );

/** Working intervals per ISO weekday ("1" = Monday … "7" = Sunday), sorted and non-overlapping; null = plain hours. */
const workingHoursSchema = z
  .partialRecord(z.enum(ISO_WEEKDAYS), z.array(interval).max(12))
  .superRefine((days, context) => {
    for (const [day, intervals] of Object.entries(days)) {
      const sorted = [...(intervals ?? [])].sort((a, b) => clockMinutes(a[0]) - clockMinutes(b[0]));
      for (let index = 1; index < sorted.length; index += 1) {
        if (clockMinutes(sorted[index]![0]) < clockMinutes(sorted[index - 1]![1])) {
          context.addIssue({ code: "custom", path: [day], ...rule("overlap", "Intervals must not overlap") });
          break;
        }
      }
    }
  })
  .transform((days) => {
    const normalized: Partial<Record<(typeof ISO_WEEKDAYS)[number], Array<[string, string]>>> = {};
    for (const day of ISO_WEEKDAYS) {
      const intervals = days[day];
      if (intervals?.length) normalized[day] = [...intervals].sort((a, b) => clockMinutes(a[0]) - clockMinutes(b[0]));
    }
    return normalized;
  });

function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z.string().trim().min(1).max(64).refine(isValidTimeZone, rule("time_zone", "Unknown time zone"));

export const createModalitySchema = z.strictObject({
  identifier: name(120),
  time_zone: timeZone.optional(),
  working_hours: workingHoursSchema.nullable().optional(),
});
export const updateModalitySchema = createModalitySchema.partial();
export type CreateModalityInput = z.infer<typeof createModalitySchema>;
export type UpdateModalityInput = z.infer<typeof updateModalitySchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = z
  .string()
  .refine(matches(ISO_DATE), { ...rule("date", "Use YYYY-MM-DD"), abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    rule("date", "Not a calendar date"),
  )
  .meta(documented(ISO_DATE));

export const addHolidaysSchema = z.strictObject({
  holidays: z
    .array(z.strictObject({ date: isoDate, name: name(120) }))
    .min(1)
    .max(400)
    .refine(
      (list) => new Set(list.map((holiday) => holiday.date)).size === list.length,
      rule("unique_dates", "Each date may appear once"),
    ),
});
export type AddHolidaysInput = z.infer<typeof addHolidaysSchema>;
export const holidayDateParam = isoDate;

// ---------------------------------------------------------------- users
export { ROLES };
/** New passwords' least length (lib/auth/schemas.ts); their strength is judged on the server. */
export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
export const createUserSchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(320).pipe(z.email("Enter a valid e-mail")),
  name: name(200),
  role: z.enum(ROLES),
  /** Omitted or empty: a password is generated and answered once. */
  password: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(newPasswordSchema.optional()),
  /** An integration's account: no web sign-in; its sign-in tokens read personal data in clear (staff, admin). */
  integration: z.boolean().optional(),
});
export const updateUserSchema = z.strictObject({
  name: name(200).optional(),
  role: z.enum(ROLES).optional(),
  disabled: z.boolean().optional(),
  integration: z.boolean().optional(),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
