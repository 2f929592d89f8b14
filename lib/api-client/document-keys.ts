// The ONE query-key factory of the document entity. The documents list and the document page share its root, so
// every mutation can invalidate exactly what it changed on both sides (a status changed on a document page
// refreshes the list; a bulk change refreshes the open document pages).
import type { QueryClient } from "@tanstack/react-query";
import type { SearchDocumentsBody } from "@/lib/documents/search-schema.ts";

export const documentKeys = {
  all: ["documents"] as const,
  lists: () => [...documentKeys.all, "list"] as const,
  search: (body: SearchDocumentsBody) => [...documentKeys.lists(), body] as const,
  details: () => [...documentKeys.all, "detail"] as const,
  detail: (id: number) => [...documentKeys.details(), id] as const,
  /** The page's data; `personal`: after the page's reveal, its messages in clear (the server checks the reveal). */
  view: (id: number, personal: boolean) =>
    [...documentKeys.detail(id), "view", personal ? "personal" : "masked"] as const,
  /** The customer's e-mail as it would leave (a reply being written, a status change): under the page, so any change
   * to the document (a note saved, a message queued) refreshes it. */
  preview: (id: number, input: unknown) => [...documentKeys.detail(id), "message-preview", input] as const,
  /** The origins already used ("Novo documento"): a new document may add one. */
  sources: () => [...documentKeys.all, "sources"] as const,
  histories: (id: number) => [...documentKeys.detail(id), "history"] as const,
  history: (id: number, personal: boolean) =>
    [...documentKeys.histories(id), personal ? "personal" : "masked"] as const,
};

/** The catalog the filters offer (statuses, products, modalities) and the user's saved filters: other entities. */
export const filterOptionKeys = { all: ["document-filter-options"] as const };
export const savedFilterKeys = { all: ["saved-filters"] as const };

/** A change to documents' own fields: their pages (view + history) and every list page that may show them. */
export function invalidateDocuments(queryClient: QueryClient, ids: readonly number[]) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
    ...ids.map((id) => queryClient.invalidateQueries({ queryKey: documentKeys.detail(id) })),
  ]);
}
