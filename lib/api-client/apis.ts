// TanStack Query hooks of the APIs menu (LGPD key, document-API tokens) over /api/admin/… with the session.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SerializedApiToken, TCreateApiTokenBody } from "@/lib/apis/api-token-admin.ts";
import type { LgpdKeyInfo } from "@/lib/apis/lgpd-key-admin.ts";
import { fetchJson } from "./fetch-json.ts";

export type { LgpdKeyInfo, SerializedApiToken };
export type RotatedLgpdKey = LgpdKeyInfo & { key: string };
export type CreatedApiToken = SerializedApiToken & { token: string };

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
    queryFn: ({ signal }) => fetchJson<LgpdKeyInfo>("admin/lgpd-key", { signal }),
    refetchInterval: APIS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** Rotates the key; the cached state is replaced by the answer minus the key, which only the caller keeps. */
export function useRotateLgpdKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<RotatedLgpdKey>("admin/lgpd-key/rotate", { body: {} }),
    onSuccess: ({ key: _key, ...info }) => {
      queryClient.setQueryData(apisKeys.lgpdKey(), info);
    },
  });
}

export function useApiTokens() {
  return useQuery({
    queryKey: apisKeys.tokens(),
    queryFn: ({ signal }) =>
      fetchJson<{ items: SerializedApiToken[] }>("admin/tokens", { signal }).then((data) => data.items),
    refetchInterval: APIS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiTokenBody) => fetchJson<CreatedApiToken>("admin/tokens", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apisKeys.tokens() }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => fetchJson<SerializedApiToken>(`admin/tokens/${id}/revoke`, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apisKeys.tokens() }),
  });
}
