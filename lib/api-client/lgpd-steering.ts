// TanStack Query hooks of the officer's steering tools on /lgpd/titular: reviewed deletions (setting, approve, deny,
// reopen a denial),
// legal holds, and the import preview's check for CPFs erased before.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as approve from "@/app/api/admin/lgpd-requests/[id]/approve/contract.ts";
import * as deny from "@/app/api/admin/lgpd-requests/[id]/deny/contract.ts";
import * as reopen from "@/app/api/admin/lgpd-requests/[id]/reopen/contract.ts";
import * as holds from "@/app/api/admin/lgpd-holds/contract.ts";
import * as hold from "@/app/api/admin/lgpd-holds/[id]/contract.ts";
import * as review from "@/app/api/admin/lgpd-review/contract.ts";
import * as erasedCheck from "@/app/api/documents/import/erased-check/contract.ts";
import type { ContractAnswer, ContractBody } from "@/lib/http/contract.ts";
import { callApi } from "./fetch-json.ts";
import { lgpdKeys } from "./lgpd.ts";
import { lgpdSubjectKeys } from "./lgpd-subject.ts";

export type LegalHold = ContractAnswer<typeof holds.GET>["items"][number];
export type LegalHoldBody = ContractBody<typeof holds.POST>;

export const lgpdSteeringKeys = {
  all: [...lgpdSubjectKeys.all, "steering"] as const,
  review: () => [...lgpdSteeringKeys.all, "review"] as const,
  holds: () => [...lgpdSteeringKeys.all, "holds"] as const,
  erased: (rows: ErasedCheckRows) => ["documents", "import", "erased-check", rows] as const,
};

export function useReviewOverview() {
  return useQuery({
    queryKey: lgpdSteeringKeys.review(),
    queryFn: ({ signal }) => callApi(review.GET, { signal }),
  });
}

/** After a decision or a setting: the waiting list, the subject's requests and the LGPD page read afresh. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: lgpdSubjectKeys.all });
    await queryClient.invalidateQueries({ queryKey: lgpdKeys.all });
  };
}

export function useSetDeletionReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractBody<typeof review.PUT>) => callApi(review.PUT, { body }),
    onSuccess: (answer) => queryClient.setQueryData(lgpdSteeringKeys.review(), answer),
  });
}

export function useApproveDeletion() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number) => callApi(approve.POST, { params: { id }, body: {} }),
    onSuccess: refresh,
  });
}

export function useDenyDeletion() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callApi(deny.POST, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}

/** A denied deletion back to review: the CPF typed again and why (never straight to the erasure). */
export function useReopenDeletion() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, cpf, reason }: { id: number; cpf: string; reason: string }) =>
      callApi(reopen.POST, { params: { id }, body: { cpf, reason } }),
    onSuccess: refresh,
  });
}

export function useLegalHolds() {
  return useQuery({
    queryKey: lgpdSteeringKeys.holds(),
    queryFn: ({ signal }) => callApi(holds.GET, { signal }),
  });
}

export function useCreateLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalHoldBody) => callApi(holds.POST, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lgpdSteeringKeys.holds() }),
  });
}

export function useDeleteLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(hold.DELETE, { params: { id } }),
    onSuccess: (answer) => queryClient.setQueryData(lgpdSteeringKeys.holds(), answer),
  });
}

/** The import's mapped rows, as POST /documents/import takes them. */
export type ErasedCheckRows = ContractBody<typeof erasedCheck.POST>["rows"];

/** The positions of the import preview's rows whose CPF was erased before in this instance (the server looks up only
 * the rows the import would write). */
export function useErasedIdentifiers(rows: ErasedCheckRows) {
  return useQuery({
    queryKey: lgpdSteeringKeys.erased(rows),
    queryFn: ({ signal }) => callApi(erasedCheck.POST, { body: { rows }, signal }),
    enabled: rows.length > 0,
    staleTime: 60_000,
    gcTime: 0,
  });
}
