"use client";
// TanStack Query hooks of the single sign-on settings panel (GET/PUT /api/admin/settings/sso).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateSsoSettingsBody } from "@/lib/sso/schemas.ts";
import * as ssoSettings from "@/app/api/admin/settings/sso/contract.ts";
import { callApi } from "./fetch-json.ts";

export const ssoSettingsKeys = { all: ["sso-settings"] as const };

export function useSsoSettings() {
  return useQuery({
    queryKey: ssoSettingsKeys.all,
    queryFn: ({ signal }) => callApi(ssoSettings.GET, { signal }),
  });
}

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSsoSettingsBody) => callApi(ssoSettings.PUT, { body }),
    onSuccess: (saved) => queryClient.setQueryData(ssoSettingsKeys.all, saved),
  });
}
