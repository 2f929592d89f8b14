// TanStack Query hooks of the data-subject page (/lgpd/titular) over /api/admin/lgpd-subject/….
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as deadline from "@/app/api/admin/lgpd-deadline/contract.ts";
import * as access from "@/app/api/admin/lgpd-subject/access/contract.ts";
import * as deletion from "@/app/api/admin/lgpd-subject/deletion/contract.ts";
import * as lookup from "@/app/api/admin/lgpd-subject/lookup/contract.ts";
import type { ContractAnswer, ContractBody } from "@/lib/http/contract.ts";
import { callApi } from "./fetch-json.ts";
import { lgpdKeys } from "./lgpd.ts";

export type SubjectOverview = ContractAnswer<typeof lookup.POST>;
export type SerializedAccessRequest = SubjectOverview["accesses"][number];

export const lgpdSubjectKeys = {
  all: ["lgpd-subject"] as const,
  /** The CPF is in the key only in this tab's memory (the lookup is a POST: it never lands in a URL). */
  overview: (cpf: string) => [...lgpdSubjectKeys.all, "overview", cpf] as const,
};

/** While a package or deletion waits for the worker, follow it closely. */
const REFRESH_PENDING_MS = 3_000;

export function useSubjectOverview(cpf: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: lgpdSubjectKeys.overview(cpf ?? ""),
    // A refresh of what this screen shows (polling, focus, after a request) sends back its look-up's id, so the audit
    // trail holds one look-up per CPF typed, not one per refresh.
    queryFn: ({ signal, queryKey }) => {
      const shown = queryClient.getQueryData<ContractAnswer<typeof lookup.POST>>(queryKey);
      return callApi(lookup.POST, { body: { cpf: cpf!, lookup_id: shown?.lookup_id }, signal });
    },
    enabled: cpf !== null,
    gcTime: 0,
    refetchInterval: (query) =>
      [...(query.state.data?.accesses ?? []), ...(query.state.data?.deletions ?? [])].some(
        (item) => item.status === "pending",
      )
        ? REFRESH_PENDING_MS
        : false,
    refetchIntervalInBackground: false,
  });
}

/** A CPF, or a request entered by hand: the CPF with how and when it arrived and a note. */
export type SubjectRequestInput = string | ContractBody<typeof deletion.POST>;
const requestBody = (input: SubjectRequestInput) => (typeof input === "string" ? { cpf: input } : input);

export function useRequestAccessPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubjectRequestInput) => callApi(access.POST, { body: requestBody(input) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lgpdSubjectKeys.all }),
  });
}

export function useRequestSubjectDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubjectRequestInput) => callApi(deletion.POST, { body: requestBody(input) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lgpdSubjectKeys.all });
      await queryClient.invalidateQueries({ queryKey: lgpdKeys.all });
    },
  });
}

/** The staff download of a package (a plain link: the browser saves the zip; the server audits it). */
export const accessDownloadHref = (id: number) => `/api/admin/lgpd-access/${id}/download`;

/** The instance's answer deadline (days), seeded with the page's server-side value. */
export function useLgpdDeadline(initial: number) {
  return useQuery({
    queryKey: [...lgpdSubjectKeys.all, "deadline"] as const,
    queryFn: ({ signal }) => callApi(deadline.GET, { signal }),
    initialData: { deadline_days: initial },
    staleTime: 60_000,
  });
}

export function useSetLgpdDeadline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: 15 | 30) => callApi(deadline.PUT, { body: { deadline_days: days } }),
    onSuccess: (answer) => queryClient.setQueryData([...lgpdSubjectKeys.all, "deadline"], answer),
  });
}
