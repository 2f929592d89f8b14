// The dashboard's headline tiles as queue filters. Shared by the server, which counts them in one query
// (lib/dashboard/server/count-kpis.ts), and the tiles, which link to the queue with the same filters: the number on a
// tile is the number of rows behind its link by construction. No server-only imports.
import type { DocumentFilters } from "../documents/search-schema.ts";
import { DEFAULT_TIME_ZONE } from "../time/zone.ts";
import type { KpiKey } from "./schema.ts";

/** Today and the Monday of this week, as YYYY-MM-DD in America/Sao_Paulo. */
export function localToday(now = new Date()): { today: string; weekStart: string } {
  const today = now.toLocaleDateString("en-CA", { timeZone: DEFAULT_TIME_ZONE });
  const noon = new Date(`${today}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  const weekStart = new Date(noon.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
  return { today, weekStart };
}

/** Each tile's queue filters within the dashboard's `scope` (product, creation period). */
export function kpiFilters(
  scope: DocumentFilters,
  days: { today: string; weekStart: string },
): Record<KpiKey, DocumentFilters> {
  return {
    open: { ...scope, state: "open" },
    late_now: { ...scope, state: "open", sla: "late" },
    due_today: { ...scope, state: "open", due_on: days.today },
    unassigned: { ...scope, state: "open", assignee: "none" },
    finished_week: { ...scope, finished_from: days.weekStart },
    my_late: { ...scope, state: "open", sla: "late", assignee: "me" },
    email_failed: { ...scope, state: "open", email_failed: true },
  };
}

/** The dashboard request's scope as queue filters (null and absent mean no filter). */
export function kpiScope(query: {
  product_id?: number | null;
  created_from?: string | null;
  created_to?: string | null;
}): DocumentFilters {
  return {
    ...(query.product_id ? { product_id: query.product_id } : {}),
    ...(query.created_from ? { created_from: query.created_from } : {}),
    ...(query.created_to ? { created_to: query.created_to } : {}),
  };
}
