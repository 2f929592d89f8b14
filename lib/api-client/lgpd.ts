// TanStack Query hooks of the LGPD page (deletion requests: search, retry) over /api/admin/lgpd-requests/….
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SerializedLgpdRequest, TSearchLgpdRequestsBody } from "@/lib/lgpd/admin-requests.ts";
import { fetchJson } from "./fetch-json.ts";

export type { SerializedLgpdRequest };
export type LgpdRequestStatus = SerializedLgpdRequest["status"];
export type LgpdRequestFilters = Partial<TSearchLgpdRequestsBody>;
export type LgpdRequestPage = { items: SerializedLgpdRequest[]; total: number; page: number; page_size: number };

export const lgpdKeys = {
  all: ["lgpd-requests"] as const,
  search: (filters: LgpdRequestFilters) => [...lgpdKeys.all, "search", filters] as const,
};

/** While a request on screen waits for the worker (which polls every few seconds), follow it closely. */
export const LGPD_REFRESH_PENDING_MS = 5_000;
/** Otherwise look for new requests now and then. */
export const LGPD_REFRESH_IDLE_MS = 15_000;

/**
 * One page of requests. Searched with POST so a CPF never lands in a URL; it lives only in this tab's memory.
 * Refreshes itself (TanStack Query pauses the interval while the tab is hidden: refetchIntervalInBackground off).
 */
export function useLgpdRequests(filters: LgpdRequestFilters) {
  return useQuery({
    queryKey: lgpdKeys.search(filters),
    queryFn: ({ signal }) => fetchJson<LgpdRequestPage>("admin/lgpd-requests/search", { body: filters, signal }),
    placeholderData: keepPreviousData,
    gcTime: 60_000,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === "pending")
        ? LGPD_REFRESH_PENDING_MS
        : LGPD_REFRESH_IDLE_MS,
    refetchIntervalInBackground: false,
  });
}

export function useRetryLgpdRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cpf }: { id: number; cpf: string }) =>
      fetchJson<SerializedLgpdRequest>(`admin/lgpd-requests/${id}/retry`, { body: { cpf } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lgpdKeys.all }),
  });
}
