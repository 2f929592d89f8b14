"use client";

// TanStack Query hooks of the staff documents list: one key factory, typed fetchers that throw the API's error.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DocumentFilters,
  FilterOptions,
  RevealedPersonalData,
  SavedFilterView,
  SearchDocumentsBody,
  SearchDocumentsResult,
} from "@/lib/documents/search-schema.ts";
import { ApiClientError, fetchJson } from "./fetch-json.ts";

export const documentKeys = {
  all: ["documents"] as const,
  search: (body: SearchDocumentsBody) => ["documents", "search", body] as const,
  filterOptions: () => ["documents", "filter-options"] as const,
  savedFilters: () => ["saved-filters"] as const,
};

export function useDocumentSearch(body: SearchDocumentsBody) {
  return useQuery({
    queryKey: documentKeys.search(body),
    queryFn: ({ signal }) => fetchJson<SearchDocumentsResult>("documents/search", { body, signal }),
    placeholderData: keepPreviousData,
    // A 400 will not get better by asking again.
    retry: (count, error) => !(error instanceof ApiClientError && error.status < 500) && count < 1,
  });
}

export function useFilterOptions() {
  return useQuery({
    queryKey: documentKeys.filterOptions(),
    queryFn: ({ signal }) => fetchJson<FilterOptions>("documents/filter-options", { body: {}, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRevealPersonalData() {
  return useMutation({
    mutationFn: (id: number) => fetchJson<RevealedPersonalData>("documents/reveal", { body: { id } }),
  });
}

export function useSavedFilters() {
  return useQuery({
    queryKey: documentKeys.savedFilters(),
    queryFn: ({ signal }) => fetchJson<SavedFilterView[]>("saved-filters", { signal }),
  });
}

export function useCreateSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; filters: DocumentFilters }) =>
      fetchJson<SavedFilterView>("saved-filters", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.savedFilters() }),
  });
}

export function useDeleteSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => fetchJson<{ id: number; deleted: true }>(`saved-filters/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.savedFilters() }),
  });
}

export type BulkStatusResult = { id: number; protocol: string; ok: boolean; status?: number; message?: string };

/**
 * Changes the status of several documents through the public `POST /api/document/updateById`, one call per
 * document (each one obeys the transition rules on its own); failures are reported per document, not thrown.
 */
export function useBulkStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { documents: { id: number; protocol: string }[]; statusId: number }) => {
      const results: BulkStatusResult[] = [];
      for (const document of input.documents) {
        try {
          await fetchJson("document/updateById", { body: { id: document.id, status_id: input.statusId } });
          results.push({ id: document.id, protocol: document.protocol, ok: true });
        } catch (error) {
          results.push({
            id: document.id,
            protocol: document.protocol,
            ok: false,
            status: error instanceof ApiClientError ? error.status : undefined,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return results;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
