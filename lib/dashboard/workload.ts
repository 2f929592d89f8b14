// The team lead's workload table as queue filters. Shared by the server, which counts each cell with the queue's own
// WHERE clause (lib/dashboard/server/count-workload.ts), and the table, whose every number links to the queue with
// the same filters: a cell's number is the number of rows behind its link. No server-only imports.
import type { DocumentFilters } from "../documents/search-schema.ts";

export const WORKLOAD_COLUMNS = ["open", "late", "due_today"] as const;
export type WorkloadColumn = (typeof WORKLOAD_COLUMNS)[number];

/** A column's queue filters within the dashboard's scope, for everyone (the WHERE the server groups by person). */
export function workloadFilters(scope: DocumentFilters, today: string): Record<WorkloadColumn, DocumentFilters> {
  return {
    open: { ...scope, state: "open" },
    late: { ...scope, state: "open", sla: "late" },
    due_today: { ...scope, state: "open", due_on: today },
  };
}

/** One cell's queue filters: the column's, for one responsible user (or nobody). */
export function workloadCellFilters(
  scope: DocumentFilters,
  today: string,
  column: WorkloadColumn,
  userId: number | null,
): DocumentFilters {
  return { ...workloadFilters(scope, today)[column], assignee: userId ?? "none" };
}
