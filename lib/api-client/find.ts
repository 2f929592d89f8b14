"use client";

// TanStack Query hook of the staff find box (POST /api/documents/find). Its key lives under the document entity's
// list root (./document-keys.ts), so every change that refreshes the lists refreshes an open result list too.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as find from "@/app/api/documents/find/contract.ts";
import { documentKeys } from "./document-keys.ts";
import { callApi } from "./fetch-json.ts";

export const findKeys = {
  text: (q: string) => [...documentKeys.lists(), "find", q] as const,
};

/** The query of one typed text (trimmed); also for `queryClient.fetchQuery` when Enter comes before the answer. */
export function findDocumentsQuery(q: string) {
  const text = q.trim();
  return queryOptions({
    queryKey: findKeys.text(text),
    queryFn: ({ signal }) => callApi(find.POST, { body: { q: text }, signal }),
    staleTime: 10_000,
    retry: false,
  });
}

export function useFindDocuments(q: string) {
  return useQuery({ ...findDocumentsQuery(q), enabled: q.trim().length > 0, placeholderData: keepPreviousData });
}
