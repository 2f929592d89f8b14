// TanStack Query hooks of the APIs menu (LGPD key, document-API tokens) over /api/admin/… with the session.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as lgpdKey from "@/app/api/admin/lgpd-key/contract.ts";
import * as lgpdKeyRotate from "@/app/api/admin/lgpd-key/rotate/contract.ts";
import * as tokenPersonalData from "@/app/api/admin/tokens/[id]/personal-data/contract.ts";
import * as revokeToken from "@/app/api/admin/tokens/[id]/revoke/contract.ts";
import * as tokens from "@/app/api/admin/tokens/contract.ts";
import type { ContractAnswer, ContractBody } from "@/lib/http/contract.ts";
import { callApi } from "./fetch-json.ts";

export type LgpdKeyInfo = ContractAnswer<typeof lgpdKey.GET>;
export type SerializedApiToken = ContractAnswer<typeof revokeToken.POST>;
export type CreatedApiToken = ContractAnswer<typeof tokens.POST>;

export const apisKeys = {
  all: ["apis"] as const,
  lgpdKey: () => [...apisKeys.all, "lgpd-key"] as const,
  tokens: () => [...apisKeys.all, "tokens"] as const,
};

/** The key's and tokens' "last use" follow the integrations' calls without a reload (paused in hidden tabs). */
export const APIS_REFRESH_MS = 15_000;

export function useLgpdKey() {
  return useQuery({
    queryKey: apisKeys.lgpdKey(),
    queryFn: ({ signal }) => callApi(lgpdKey.GET, { signal }),
    refetchInterval: APIS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** Rotates the key; the cached state is replaced by the answer minus the key, which only the caller keeps. */
export function useRotateLgpdKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overlapHours: number = 0) => callApi(lgpdKeyRotate.POST, { body: { overlap_hours: overlapHours } }),
    onSuccess: ({ key: _key, ...info }) => {
      queryClient.setQueryData(apisKeys.lgpdKey(), info);
    },
  });
}

export function useApiTokens() {
  return useQuery({
    queryKey: apisKeys.tokens(),
    queryFn: ({ signal }) => callApi(tokens.GET, { signal }).then((data) => data.items),
    refetchInterval: APIS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractBody<typeof tokens.POST>) => callApi(tokens.POST, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apisKeys.tokens() }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(revokeToken.POST, { params: { id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apisKeys.tokens() }),
  });
}

/** Lets a token read personal data in clear on the document API, or masks it again. */
export function useSetTokenPersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, clear }: { id: number; clear: boolean }) =>
      callApi(tokenPersonalData.POST, { params: { id }, body: { clear } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apisKeys.tokens() }),
  });
}
