// The retention rules' API shapes (lib/retention): zod at the boundary, snake_case as the rest of the API.
import { z } from "zod";

const RETENTION_ACTIONS = ["anonymise", "delete"] as const;
const ZRetentionAction = z.enum(RETENTION_ACTIONS);
export type RetentionAction = z.infer<typeof ZRetentionAction>;

/**
 * A new rule: documents of `product_id` (null = every product) whose status has been in `category_id` for the
 * period — `years`, `months` and `days` on the calendar (a year is a calendar year, not 365 days), not all zero.
 */
export const ZRetentionRuleBody = z
  .object({
    product_id: z.int().positive().nullable(),
    category_id: z.int().positive(),
    years: z.int().min(0).max(100).default(0),
    months: z.int().min(0).max(1200).default(0),
    days: z.int().min(0).max(36_500),
    action: ZRetentionAction,
  })
  .strict()
  // An empty period reads as "days must be at least 1", the same refusal as before years and months existed.
  .superRefine((body, ctx) => {
    if (body.years + body.months + body.days > 0) return;
    ctx.addIssue({
      code: "too_small",
      origin: "number",
      minimum: 1,
      inclusive: true,
      input: body.days,
      path: ["days"],
      message: "The period must be at least one day",
    });
  });
/** As callers write it: years and months may be left out (0). */
export type TRetentionRuleBody = z.input<typeof ZRetentionRuleBody>;

/** Activation names the count the admin saw in the preview: a different count (the data moved) is refused. */
export const ZRetentionActivateBody = z.object({ confirm_count: z.int().min(0) }).strict();

const ZRetentionRun = z.object({
  id: z.int(),
  started_at: z.string(),
  finished_at: z.string(),
  duration_ms: z.int(),
  processed: z.int(),
  remaining: z.int(),
  capped: z.boolean(),
  error: z.string().nullable(),
});

export const ZRetentionRule = z.object({
  id: z.int(),
  product_id: z.int().nullable(),
  product_name: z.string().nullable(),
  category_id: z.int(),
  category_label: z.string(),
  years: z.int(),
  months: z.int(),
  days: z.int(),
  action: ZRetentionAction,
  active: z.boolean(),
  created_at: z.string(),
  activated_at: z.string().nullable(),
  /** When the daily run will take it next (null while inactive). */
  next_run_at: z.string().nullable(),
  last_run: ZRetentionRun.nullable(),
});
export type TRetentionRule = z.infer<typeof ZRetentionRule>;

export const ZRetentionRules = z.object({
  rules: z.array(ZRetentionRule),
  run_cap: z.int(),
  run_hour: z.int(),
});

/** What a rule would take now: counts per product and status, the cutoff; never a document's data. */
export const ZRetentionPreview = z.object({
  rule_id: z.int(),
  cutoff: z.string(),
  total: z.int(),
  run_cap: z.int(),
  groups: z.array(
    z.object({
      product_id: z.int(),
      product_name: z.string(),
      status_id: z.int(),
      status_name: z.string(),
      count: z.int(),
    }),
  ),
});
export type TRetentionPreview = z.infer<typeof ZRetentionPreview>;

export const ZRetentionDeleted = z.object({ deleted: z.literal(true), id: z.int() });
