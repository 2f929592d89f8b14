// POST /api/dashboard request: which documents the dashboard counts (product, creation period) and how the
// compliance series are bucketed. Shared with the browser (no server-only imports).
import { z } from "zod";
import { idField } from "../http/zod-fields.ts";
import { localDayField } from "../time/local-day.ts";

export const GRANULARITIES = ["week", "month"] as const;
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

export type SlaCounts = { in_sla: number; late: number; no_sla: number };

export type ComplianceRow = {
  /** First day of the week (Monday) or month, in America/Sao_Paulo: YYYY-MM-DD. */
  period: string;
  id: number | null;
  name: string | null;
  finished: number;
  within_sla: number;
  /** within_sla / finished, 0–1. */
  rate: number;
};

export type DashboardData = {
  generated_at: string;
  total: number;
  by_category: Array<{ key: string; label: string; kind: "open" | "pause" | "finished"; count: number }>;
  sla: { open: SlaCounts; finished: SlaCounts };
  late_histogram: Array<{ bucket: string; min_days: number; max_days: number | null; count: number }>;
  compliance: { granularity: Granularity; by_product: ComplianceRow[]; by_modality: ComplianceRow[] };
};
