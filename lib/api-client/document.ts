"use client";
// TanStack Query hooks of the staff document page: keys from the document entity's one factory
// (./document-keys.ts), typed fetchers, live polling, mutations that invalidate exactly what they changed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HistoryEntry } from "@/lib/documents/history-read.ts";
import type { RevealedPersonalData } from "@/lib/documents/reveal.ts";
import type { SerializedDocument } from "@/lib/documents/serialize.ts";
import type { StaffDocumentView } from "@/lib/documents/staff-view.ts";
import { documentKeys, invalidateDocuments } from "./document-keys.ts";
import { ApiClientError, fetchJson, type ApiErrorBody } from "./fetch-json.ts";
import { liveQueryOptions } from "./live.ts";

export type { HistoryEntry, RevealedPersonalData, StaffDocumentView };
export type DocumentObservation = StaffDocumentView["observations"][number];
export type DocumentAttachment = StaffDocumentView["attachments"][number];

export function useDocumentView(id: number) {
  return useQuery({
    queryKey: documentKeys.view(id),
    queryFn: ({ signal }) => fetchJson<StaffDocumentView>(`documents/${id}`, { signal }),
    ...liveQueryOptions,
    retry: (count, error) => !(error instanceof ApiClientError && error.status < 500) && count < 1,
  });
}

export function useDocumentHistory(id: number, personal: boolean) {
  return useQuery({
    queryKey: documentKeys.history(id, personal),
    queryFn: ({ signal }) =>
      fetchJson<HistoryEntry[]>(`documents/${id}/history${personal ? "?personal=1" : ""}`, { signal }),
    ...liveQueryOptions,
  });
}

/** A change to fields the list shows too (status, responsible, modality, filled_columns): page + lists. */
function useInvalidateDocument(id: number) {
  const queryClient = useQueryClient();
  return () => invalidateDocuments(queryClient, [id]);
}

/** A change only the document page shows (observations, attachments): its view and history. */
function useInvalidateDocumentPage(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentKeys.detail(id) });
}

export type DocumentChange = {
  status_id?: number;
  user_id?: number | null;
  modality_identifier?: string | null;
  filled_columns?: Record<string, unknown>;
};

/** The public document/updateById (status, responsible, modality, filled_columns merge). */
export function useUpdateDocument(id: number) {
  const invalidate = useInvalidateDocument(id);
  return useMutation({
    mutationFn: (change: DocumentChange) =>
      fetchJson<SerializedDocument>("document/updateById", { body: { id, ...change } }),
    onSettled: invalidate,
  });
}

export function useRemoveFilledColumns(id: number) {
  const invalidate = useInvalidateDocument(id);
  return useMutation({
    mutationFn: (keys: string[]) =>
      fetchJson<SerializedDocument>("documents/filled-columns/remove", { body: { id, keys } }),
    onSettled: invalidate,
  });
}

export function useAddObservation(id: number) {
  const invalidate = useInvalidateDocumentPage(id);
  return useMutation({
    mutationFn: (input: { text: string; visibility: "internal" | "customer" }) =>
      fetchJson<DocumentObservation>(`documents/${id}/observations`, { body: input }),
    onSettled: invalidate,
  });
}

export function useRequestAttachment(id: number) {
  const invalidate = useInvalidateDocumentPage(id);
  return useMutation({
    mutationFn: (input: { file_name: string; note: string | null }) =>
      fetchJson<DocumentAttachment>(`documents/${id}/attachments/requests`, { body: input }),
    onSettled: invalidate,
  });
}

/** Uploads a new file, or (with `attachmentId`) the file that fulfils a pending request. */
export function useUploadAttachment(id: number) {
  const invalidate = useInvalidateDocumentPage(id);
  return useMutation({
    mutationFn: ({ file, attachmentId }: { file: File; attachmentId?: number }) =>
      uploadFile(
        attachmentId ? `documents/${id}/attachments/${attachmentId}/upload` : `documents/${id}/attachments`,
        file,
      ),
    onSettled: invalidate,
  });
}

export function useRevealPersonalData(id: number) {
  const queryClient = useQueryClient();
  // A reveal changes nothing but the history (a "reveal" entry, and the unmasked variant becomes readable).
  const invalidate = () => queryClient.invalidateQueries({ queryKey: documentKeys.histories(id) });
  return useMutation({
    mutationFn: () => fetchJson<RevealedPersonalData>(`documents/${id}/reveal`, { method: "POST" }),
    onSettled: invalidate,
  });
}

async function uploadFile(path: string, file: File): Promise<DocumentAttachment> {
  const form = new FormData();
  form.append("file", file, file.name);
  const response = await fetch(`/api/${path}`, { method: "POST", body: form, credentials: "same-origin" });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { status: "error", message: text.slice(0, 200) };
  }
  if (!response.ok) {
    // Same as fetchJson: a full reload to sign-in drops every cached query of the expired session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (response.status === 401) window.location.assign("/signin?expired=1");
    throw new ApiClientError(
      response.status,
      (data as ApiErrorBody | null) ?? { status: "error", message: response.statusText || `HTTP ${response.status}` },
    );
  }
  return data as DocumentAttachment;
}
