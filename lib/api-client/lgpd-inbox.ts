// TanStack Query hooks of the officer's inbox (/lgpd/caixa) over /api/admin/lgpd-inbox, and a request entered there.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as inbox from "@/app/api/admin/lgpd-inbox/contract.ts";
import * as assign from "@/app/api/admin/lgpd-inbox/assign/contract.ts";
import * as access from "@/app/api/admin/lgpd-subject/access/contract.ts";
import * as deletion from "@/app/api/admin/lgpd-subject/deletion/contract.ts";
import type { ContractAnswer, ContractBody } from "@/lib/http/contract.ts";
import { callApi } from "./fetch-json.ts";
import { lgpdKeys, lgpdRefreshMs } from "./lgpd.ts";
import { lgpdSubjectKeys } from "./lgpd-subject.ts";

export type LgpdInboxFilters = ContractBody<typeof inbox.POST>;
export type LgpdInboxRow = ContractAnswer<typeof inbox.POST>["items"][number];

export const lgpdInboxKeys = {
  all: ["lgpd-inbox"] as const,
  list: (filters: LgpdInboxFilters) => [...lgpdInboxKeys.all, "list", filters] as const,
};

/** One page of the inbox; refreshes itself while the tab is visible, closely while a request waits for the worker. */
export function useLgpdInbox(filters: LgpdInboxFilters) {
  return useQuery({
    queryKey: lgpdInboxKeys.list(filters),
    queryFn: ({ signal }) => callApi(inbox.POST, { body: filters, signal }),
    placeholderData: keepPreviousData,
    gcTime: 60_000,
    refetchInterval: (query) => lgpdRefreshMs(query.state.data?.items),
    refetchIntervalInBackground: false,
  });
}

/** A request entered by the officer: either kind, through the staff routes the data-subject page uses. */
export function useEnterLgpdRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    // Both answer {created, request}; the inbox needs only whether it was new and its number.
    mutationFn: async ({
      kind,
      body,
    }: {
      kind: "access" | "deletion";
      body: ContractBody<typeof deletion.POST>;
    }): Promise<{ created: boolean; request: { id: number } }> =>
      kind === "access" ? callApi(access.POST, { body }) : callApi(deletion.POST, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lgpdInboxKeys.all });
      await queryClient.invalidateQueries({ queryKey: lgpdKeys.all });
      await queryClient.invalidateQueries({ queryKey: lgpdSubjectKeys.all });
    },
  });
}

/** Who answers one request ("Atribuir a mim", or a colleague picked from the list; null: no one). */
export function useAssignLgpdRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractBody<typeof assign.POST>) => callApi(assign.POST, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lgpdInboxKeys.all }),
  });
}
