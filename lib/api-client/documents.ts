"use client";

// TanStack Query hooks of the staff documents list: keys from the document entity's one factory
// (./document-keys.ts), typed fetchers that throw the API's error, live polling (./live.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as updateById from "@/app/api/document/updateById/contract.ts";
import * as filterOptions from "@/app/api/documents/filter-options/contract.ts";
import * as revealPage from "@/app/api/documents/reveal-page/contract.ts";
import * as sources from "@/app/api/documents/sources/contract.ts";
import * as search from "@/app/api/documents/search/contract.ts";
import * as savedFilter from "@/app/api/saved-filters/[id]/contract.ts";
import * as savedFilters from "@/app/api/saved-filters/contract.ts";
import type { DocumentFilters, DocumentListItem, SearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { documentKeys, filterOptionKeys, invalidateDocuments, savedFilterKeys } from "./document-keys.ts";
import { ApiClientError, callApi } from "./fetch-json.ts";
import { liveQueryOptions } from "./live.ts";

export function useDocumentSearch(body: SearchDocumentsBody) {
  return useQuery({
    queryKey: documentKeys.search(body),
    queryFn: ({ signal }) => callApi(search.POST, { body, signal }),
    placeholderData: keepPreviousData,
    ...liveQueryOptions,
    // A 400 will not get better by asking again.
    retry: (count, error) => !(error instanceof ApiClientError && error.status < 500) && count < 1,
  });
}

/** How many documents "select all N matching" gathers at most: one bulk change calls the API once per document. */
export const SELECT_ALL_LIMIT = 1000;

/**
 * "Selecionar todos os N documentos da busca": every document the list's filters match (not only the page), read page
 * by page of 100 in the list's order, up to SELECT_ALL_LIMIT.
 */
export function useCollectMatching() {
  return useMutation({
    mutationFn: async (filters: DocumentFilters) => {
      const items: DocumentListItem[] = [];
      for (let page = 1; items.length < SELECT_ALL_LIMIT; page += 1) {
        const body: SearchDocumentsBody = { filters, sort: "urgency", direction: "asc", page, page_size: 100 };
        const answer = await callApi(search.POST, { body });
        items.push(...answer.items);
        if (answer.items.length < 100 || page * 100 >= answer.total) break;
      }
      return items.slice(0, SELECT_ALL_LIMIT);
    },
  });
}

/** The origins already used in the instance, for "Novo documento"'s Origem. */
export function useDocumentSources() {
  return useQuery({
    queryKey: documentKeys.sources(),
    queryFn: ({ signal }) => callApi(sources.GET, { signal }).then((answer) => answer.sources),
    staleTime: 60_000,
  });
}

export function useFilterOptions() {
  return useQuery({
    queryKey: filterOptionKeys.all,
    queryFn: ({ signal }) => callApi(filterOptions.POST, { body: {}, signal }),
    staleTime: 5 * 60_000,
  });
}

/** "Revelar esta página": the rows' real personal data, logged once for the page (no cached data changes). */
export function useRevealPage() {
  return useMutation({
    mutationFn: (ids: number[]) => callApi(revealPage.POST, { body: { ids } }).then((answer) => answer.items),
  });
}

export function useSavedFilters() {
  return useQuery({
    queryKey: savedFilterKeys.all,
    queryFn: ({ signal }) => callApi(savedFilters.GET, { signal }),
  });
}

export function useCreateSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; filters: DocumentFilters; shared?: boolean }) =>
      callApi(savedFilters.POST, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedFilterKeys.all }),
  });
}

export function useDeleteSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(savedFilter.DELETE, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedFilterKeys.all }),
  });
}

export type BulkStatusResult = { id: number; protocol: string; ok: boolean; error?: unknown };

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
          await callApi(updateById.POST, { body: { id: document.id, status_id: input.statusId } });
          results.push({ id: document.id, protocol: document.protocol, ok: true });
        } catch (error) {
          results.push({ id: document.id, protocol: document.protocol, ok: false, error });
        }
      }
      return results;
    },
    onSettled: (_results, _error, input) =>
      invalidateDocuments(
        queryClient,
        input.documents.map((document) => document.id),
      ),
  });
}

export type AssignResult = { id: number; protocol: string; ok: boolean; previous: number | null; error?: unknown };

/**
 * Sets the responsible user (null = nobody) of one or more documents through the public `POST
 * /api/document/updateById` (role staff, history and audit as any change), one call per document; each outcome keeps
 * the document's previous responsible so the change can be undone.
 */
export function useAssignDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      documents: { id: number; protocol: string; previous: number | null }[];
      userId: number | null;
    }) => {
      const results: AssignResult[] = [];
      for (const document of input.documents) {
        try {
          await callApi(updateById.POST, { body: { id: document.id, user_id: input.userId } });
          results.push({ id: document.id, protocol: document.protocol, previous: document.previous, ok: true });
        } catch (error) {
          results.push({ id: document.id, protocol: document.protocol, previous: document.previous, ok: false, error });
        }
      }
      return results;
    },
    onSettled: (_results, _error, input) =>
      invalidateDocuments(
        queryClient,
        input.documents.map((document) => document.id),
      ),
  });
}

/** The live count (open documents) behind a queue view: one page of one row, the total is what is read. */
export function useDocumentCount(filters: DocumentFilters, enabled = true) {
  const body: SearchDocumentsBody = { filters, sort: "urgency", direction: "asc", page: 1, page_size: 1 };
  return useQuery({
    queryKey: documentKeys.search(body),
    queryFn: ({ signal }) => callApi(search.POST, { body, signal }),
    ...liveQueryOptions,
    enabled,
    select: (answer) => ({ total: answer.total, capped: answer.total_capped }),
  });
}
