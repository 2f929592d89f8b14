// TanStack Query hooks of the LGPD page (deletion requests: search, retry) over /api/admin/lgpd-requests/….
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as retry from "@/app/api/admin/lgpd-requests/[id]/retry/contract.ts";
import * as search from "@/app/api/admin/lgpd-requests/search/contract.ts";
import type { ContractAnswer, ContractBody } from "@/lib/http/contract.ts";
import { callApi } from "./fetch-json.ts";

export type SerializedLgpdRequest = ContractAnswer<typeof retry.POST>;
export type LgpdRequestStatus = SerializedLgpdRequest["status"];
export type LgpdRequestFilters = ContractBody<typeof search.POST>;

export const lgpdKeys = {
  all: ["lgpd-requests"] as const,
  search: (filters: LgpdRequestFilters) => [...lgpdKeys.all, "search", filters] as const,
};

/** While a request on screen waits for the worker (which polls every few seconds), follow it closely. */
export const LGPD_REFRESH_PENDING_MS = 5_000;
/** Otherwise look for new requests now and then. */
export const LGPD_REFRESH_IDLE_MS = 15_000;

/** How soon a list of LGPD requests refreshes: closely while one of them waits for the worker. */
export const lgpdRefreshMs = (items: ReadonlyArray<{ status: string }> | undefined) =>
  items?.some((item) => item.status === "pending") ? LGPD_REFRESH_PENDING_MS : LGPD_REFRESH_IDLE_MS;

/**
 * One page of requests. Searched with POST so a CPF never lands in a URL; it lives only in this tab's memory.
 * Refreshes itself (TanStack Query pauses the interval while the tab is hidden: refetchIntervalInBackground off).
 */
export function useLgpdRequests(filters: LgpdRequestFilters) {
  return useQuery({
    queryKey: lgpdKeys.search(filters),
    queryFn: ({ signal }) => callApi(search.POST, { body: filters, signal }),
    placeholderData: keepPreviousData,
    gcTime: 60_000,
    refetchInterval: (query) => lgpdRefreshMs(query.state.data?.items),
    refetchIntervalInBackground: false,
  });
}

export function useRetryLgpdRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cpf }: { id: number; cpf: string }) => callApi(retry.POST, { params: { id }, body: { cpf } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lgpdKeys.all }),
  });
}
