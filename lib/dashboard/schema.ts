// POST /api/dashboard request: which documents the dashboard counts (product, creation period) and how the
// compliance series are bucketed. Shared with the browser (no server-only imports).
import { z } from "zod";
import { idField } from "../http/zod-fields.ts";
import { localDayField } from "../time/local-day.ts";

const GRANULARITIES = ["week", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const dashboardQuerySchema = z
  .object({
    product_id: idField.nullable().optional(),
    /** Creation period, calendar days in America/Sao_Paulo, both inclusive. */
    created_from: localDayField.nullable().optional(),
    created_to: localDayField.nullable().optional(),
    granularity: z.enum(GRANULARITIES).default("month"),
  })
  .refine((query) => !query.created_from || !query.created_to || query.created_from <= query.created_to, {
    message: "created_from must not be after created_to",
    path: ["created_to"],
  });

export type DashboardQuery = z.input<typeof dashboardQuerySchema>;
export type DashboardFilter = z.output<typeof dashboardQuerySchema>;

/** Days-late buckets of the histogram: [min, max) days; the last one has no upper bound. */
export const LATE_BUCKETS = [
  { key: "0-1", min: 0, max: 1 },
  { key: "1-3", min: 1, max: 3 },
  { key: "3-7", min: 3, max: 7 },
  { key: "7-15", min: 7, max: 15 },
  { key: "15-30", min: 15, max: 30 },
  { key: "30+", min: 30, max: null },
] as const;

const ZSlaCounts = z.strictObject({ in_sla: z.int(), late: z.int(), no_sla: z.int() });
export type SlaCounts = z.infer<typeof ZSlaCounts>;

const ZComplianceRow = z.strictObject({
  /** First day of the week (Monday) or month, in America/Sao_Paulo: YYYY-MM-DD. */
  period: z.iso.date(),
  id: z.int().nullable(),
  name: z.string().nullable(),
  finished: z.int(),
  within_sla: z.int(),
  /** within_sla / finished, 0–1. */
  rate: z.number().min(0).max(1),
});
export type ComplianceRow = z.infer<typeof ZComplianceRow>;

/** POST /api/dashboard's answer. */
export const ZDashboardData = z.strictObject({
  generated_at: z.iso.datetime(),
  total: z.int(),
  by_category: z.array(
    z.strictObject({
      key: z.string(),
      label: z.string(),
      kind: z.enum(["open", "pause", "finished"]),
      count: z.int(),
    }),
  ),
  sla: z.strictObject({ open: ZSlaCounts, finished: ZSlaCounts }),
  late_histogram: z.array(
    z.strictObject({ bucket: z.string(), min_days: z.number(), max_days: z.number().nullable(), count: z.int() }),
  ),
  compliance: z.strictObject({
    granularity: z.enum(GRANULARITIES),
    by_product: z.array(ZComplianceRow),
    by_modality: z.array(ZComplianceRow),
  }),
});
export type DashboardData = z.infer<typeof ZDashboardData>;

/**
 * POST /api/dashboard/kpis request: the dashboard's scope (product, creation period) the headline tiles count within.
 * `today`/`week_start` default to the server's São Paulo day and that week's Monday.
 */
export const kpiQuerySchema = z.strictObject({
  product_id: idField.nullable().optional(),
  created_from: localDayField.nullable().optional(),
  created_to: localDayField.nullable().optional(),
});
export type KpiQuery = z.output<typeof kpiQuerySchema>;

export const KPI_KEYS = [
  "open",
  "late_now",
  "due_today",
  "unassigned",
  "finished_week",
  "my_late",
  "email_failed",
] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

const ZKpiCount = z.strictObject({
  /** How many documents the queue lists for the tile's filters, counted like the queue (exact up to 10,000). */
  total: z.int(),
  /** More than 10,000: shown as "10.000+", as the queue shows it. */
  capped: z.boolean(),
});

/** POST /api/dashboard/kpis's answer: each tile's count, and the days its filters used. */
export const ZKpiData = z.strictObject({
  /** Today in America/Sao_Paulo (YYYY-MM-DD): the "due today" tile's day. */
  today: z.iso.date(),
  /** That week's Monday: the "finished this week" tile counts from it. */
  week_start: z.iso.date(),
  counts: z.strictObject({
    open: ZKpiCount,
    late_now: ZKpiCount,
    due_today: ZKpiCount,
    unassigned: ZKpiCount,
    finished_week: ZKpiCount,
    /** Late and open, with the caller as the responsible person ("meus atrasados"); 0 for a token without a user. */
    my_late: ZKpiCount,
    /** Open, and the case's last e-mail to the customer failed: the customer never got it (the queue's "E-mail falhou"). */
    email_failed: ZKpiCount,
  }),
});
export type KpiData = z.infer<typeof ZKpiData>;

/** POST /api/dashboard/workload request: the same scope as the tiles (product, creation period). */
export const workloadQuerySchema = kpiQuerySchema;
export type WorkloadQuery = KpiQuery;

const ZWorkloadRow = z.strictObject({
  /** The responsible user; null for the open documents nobody is responsible for. */
  user_id: z.int().nullable(),
  name: z.string().nullable(),
  open: z.int(),
  late: z.int(),
  due_today: z.int(),
});

/** POST /api/dashboard/workload's answer: open, late and due-today documents per responsible person. */
export const ZWorkloadData = z.strictObject({
  /** Today in America/Sao_Paulo (YYYY-MM-DD): the "due today" column's day, for the links to the list. */
  today: z.iso.date(),
  rows: z.array(ZWorkloadRow),
});
export type WorkloadData = z.infer<typeof ZWorkloadData>;
