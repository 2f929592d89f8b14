// Browser-side access to POST /api/dashboard: query keys and the hook the dashboard page uses.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import * as dashboard from "@/app/api/dashboard/contract.ts";
import * as kpis from "@/app/api/dashboard/kpis/contract.ts";
import * as workload from "@/app/api/dashboard/workload/contract.ts";
import type { DashboardData, DashboardQuery, KpiQuery, WorkloadQuery } from "../dashboard/schema.ts";
import { callApi } from "./fetch-json.ts";
import { liveQueryOptions } from "./live.ts";

export const dashboardKeys = {
  all: ["dashboard"] as const,
  summary: (query: DashboardQuery) => [...dashboardKeys.all, "summary", query] as const,
  kpis: (query: KpiQuery) => [...dashboardKeys.all, "kpis", query] as const,
  workload: (query: WorkloadQuery) => [...dashboardKeys.all, "workload", query] as const,
};

export function fetchDashboard(query: DashboardQuery, signal?: AbortSignal): Promise<DashboardData> {
  return callApi(dashboard.POST, { body: query, signal });
}

/** The dashboard's numbers for a filter; the previous numbers stay on screen while new ones load. */
export function useDashboard(query: DashboardQuery) {
  return useQuery({
    queryKey: dashboardKeys.summary(query),
    queryFn: ({ signal }) => fetchDashboard(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The headline tiles' counts (one request, one query), kept current like the queue. */
export function useDashboardKpis(query: KpiQuery) {
  return useQuery({
    queryKey: dashboardKeys.kpis(query),
    queryFn: ({ signal }) => callApi(kpis.POST, { body: query, signal }),
    ...liveQueryOptions,
    placeholderData: keepPreviousData,
  });
}

/** The team's workload per responsible person (one request), kept current like the tiles. */
export function useDashboardWorkload(query: WorkloadQuery) {
  return useQuery({
    queryKey: dashboardKeys.workload(query),
    queryFn: ({ signal }) => callApi(workload.POST, { body: query, signal }),
    ...liveQueryOptions,
    placeholderData: keepPreviousData,
  });
}
