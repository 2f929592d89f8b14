// The dashboard's late-days histogram and SLA compliance charts as queue filters. Shared by the charts, whose bars and
// table numbers link to the queue with these filters, and the tests, which count the queue for each one: a bar's
// number is the number of rows behind its link by construction (same rules as lib/dashboard/server/load-dashboard.ts:
// days late at the moment the SLA clock stopped; compliance by the São Paulo day the document finished). No
// server-only imports.
import type { DocumentFilters } from "../documents/search-schema.ts";
import type { ComplianceRow, Granularity } from "./schema.ts";

/** One histogram bucket's open late documents: late by [min_days, max_days) days (no upper bound when null). */
export function lateBucketQueueFilters(
  scope: DocumentFilters,
  bucket: { min_days: number; max_days: number | null },
): DocumentFilters {
  return {
    ...scope,
    state: "open",
    sla: "late",
    // Late means more than 0 days late already: a lower bound of 0 adds nothing (and keeps the link short).
    ...(bucket.min_days > 0 ? { late_days_min: bucket.min_days } : {}),
    ...(bucket.max_days !== null ? { late_days_max: bucket.max_days } : {}),
  };
}

/** The last day (YYYY-MM-DD) of the week (Monday + 6) or month that starts on `period`. */
export function periodLastDay(period: string, granularity: Granularity): string {
  const start = new Date(`${period}T12:00:00Z`);
  const last =
    granularity === "week"
      ? new Date(start.getTime() + 6 * 86_400_000)
      : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0, 12));
  return last.toISOString().slice(0, 10);
}

/**
 * One compliance row's documents: finished (status kind "finished") in the row's period, with an SLA, of the row's
 * product or modality ("none" for the row without one); `within` keeps those that finished within their SLA.
 */
export function complianceQueueFilters(
  scope: DocumentFilters,
  {
    dimension,
    granularity,
    row,
    which,
  }: {
    dimension: "product" | "modality";
    granularity: Granularity;
    row: Pick<ComplianceRow, "period" | "id">;
    which: "finished" | "within";
  },
): DocumentFilters {
  return {
    ...scope,
    ...(dimension === "product" ? { product_id: row.id ?? undefined } : { modality_id: row.id ?? "none" }),
    state: "finished",
    finished_from: row.period,
    finished_to: periodLastDay(row.period, granularity),
    ...(which === "within" ? { sla: "in_sla" as const } : { with_sla: true as const }),
  };
}
