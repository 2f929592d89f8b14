"use client";
// TanStack Query hooks of the staff document page: keys from the document entity's one factory
// (./document-keys.ts), typed fetchers, live polling, mutations that invalidate exactly what they changed.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as removeFilledColumns from "@/app/api/documents/filled-columns/remove/contract.ts";
import * as attachmentRequests from "@/app/api/documents/[id]/attachments/requests/contract.ts";
import * as documentView from "@/app/api/documents/[id]/contract.ts";
import * as history from "@/app/api/documents/[id]/history/contract.ts";
import * as observations from "@/app/api/documents/[id]/observations/contract.ts";
import * as reveal from "@/app/api/documents/[id]/reveal/contract.ts";
import * as previewMessage from "@/app/api/documents/[id]/messages/preview/contract.ts";
import * as resendMessage from "@/app/api/documents/[id]/messages/[messageId]/resend/contract.ts";
import * as revokeTrackingLinks from "@/app/api/documents/[id]/tracking-links/revoke/contract.ts";
import * as updateById from "@/app/api/document/updateById/contract.ts";
import type { ContractAnswer, ContractBody } from "@/lib/http/contract.ts";
import { documentKeys, invalidateDocuments } from "./document-keys.ts";
import { ApiClientError, callApi, type ApiErrorBody } from "./fetch-json.ts";
import { liveQueryOptions } from "./live.ts";
import { leaveExpiredSession } from "./session-end.ts";

export type StaffDocumentView = ContractAnswer<typeof documentView.GET>;
export type HistoryEntry = ContractAnswer<typeof history.GET>[number];
export type RevealedPersonalData = ContractAnswer<typeof reveal.POST>;
export type DocumentAttachment = StaffDocumentView["attachments"][number];

/** The page's data; `personal` once the page revealed the document (its messages in clear, the reveal being logged). */
export function useDocumentView(id: number, personal = false) {
  return useQuery({
    queryKey: documentKeys.view(id, personal),
    queryFn: ({ signal }) =>
      callApi(documentView.GET, { params: { id }, query: personal ? "?personal=1" : "", signal }),
    ...liveQueryOptions,
    // The switch to the revealed variant keeps the page on screen while it loads.
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiClientError && error.status < 500) && count < 1,
  });
}

export function useDocumentHistory(id: number, personal: boolean) {
  return useQuery({
    queryKey: documentKeys.history(id, personal),
    queryFn: ({ signal }) => callApi(history.GET, { params: { id }, query: personal ? "?personal=1" : "", signal }),
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

export type DocumentChange = Pick<
  ContractBody<typeof updateById.POST>,
  "status_id" | "user_id" | "modality_identifier" | "filled_columns"
>;

/** The public document/updateById (status, responsible, modality, filled_columns merge). */
export function useUpdateDocument(id: number) {
  const invalidate = useInvalidateDocument(id);
  return useMutation({
    mutationFn: (change: DocumentChange) => callApi(updateById.POST, { body: { id, ...change } }),
    onSettled: invalidate,
  });
}

export function useRemoveFilledColumns(id: number) {
  const invalidate = useInvalidateDocument(id);
  return useMutation({
    mutationFn: (keys: string[]) => callApi(removeFilledColumns.POST, { body: { id, keys } }),
    onSettled: invalidate,
  });
}

export function useAddObservation(id: number) {
  const invalidate = useInvalidateDocumentPage(id);
  return useMutation({
    mutationFn: (input: { text: string; visibility: "internal" | "customer"; send_email?: boolean }) =>
      callApi(observations.POST, { params: { id }, body: input }),
    // Not awaited: the composer clears itself once the server took the message. Waiting for every part of the page
    // to refetch first let the saved note show while the form still waited, and the late clearing then wiped the
    // next draft the operator had begun.
    onSettled: () => void invalidate(),
  });
}

export type MessagePreviewInput = ContractBody<typeof previewMessage.POST>;
export type MessagePreview = ContractAnswer<typeof previewMessage.POST>;

/** The customer's e-mail as the outbox would render it now (server-side: the same template code the outbox uses). */
export const messagePreviewQuery = (id: number, input: MessagePreviewInput) =>
  queryOptions({
    queryKey: documentKeys.preview(id, input),
    queryFn: () => callApi(previewMessage.POST, { params: { id }, body: input }),
    staleTime: 10_000,
  });

export function useMessagePreview(id: number, input: MessagePreviewInput | null) {
  return useQuery({
    ...messagePreviewQuery(id, input ?? { kind: "reply", text: "" }),
    enabled: input !== null,
    placeholderData: (previous) => previous,
  });
}

/** "Reenviar" a failed customer e-mail (a new copy is queued). */
export function useResendMessage(id: number) {
  const invalidate = useInvalidateDocumentPage(id);
  return useMutation({
    mutationFn: (messageId: number) => callApi(resendMessage.POST, { params: { id, messageId }, body: {} }),
    onSettled: invalidate,
  });
}

/** "Revogar links de acompanhamento": the document's tracking links issued so far stop opening the page. */
export function useRevokeTrackingLinks(id: number) {
  const invalidate = useInvalidateDocumentPage(id);
  return useMutation({
    mutationFn: () => callApi(revokeTrackingLinks.POST, { params: { id }, body: {} }),
    onSettled: invalidate,
  });
}

export function useRequestAttachment(id: number) {
  const invalidate = useInvalidateDocumentPage(id);
  return useMutation({
    mutationFn: (input: { file_name: string; note: string | null }) =>
      callApi(attachmentRequests.POST, { params: { id }, body: input }),
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
    mutationFn: () => callApi(reveal.POST, { params: { id } }),
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
    if (response.status === 401) leaveExpiredSession();
    throw new ApiClientError(
      response.status,
      (data as ApiErrorBody | null) ?? { status: "error", message: response.statusText || `HTTP ${response.status}` },
    );
  }
  return data as DocumentAttachment;
}
