"use client";
// TanStack Query hooks of the tracking page's settings (GET/PUT /api/admin/settings/tracking-page and its logo).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as settings from "@/app/api/admin/settings/tracking-page/contract.ts";
import * as logo from "@/app/api/admin/settings/tracking-page/logo/contract.ts";
import type { TrackingPageSettings } from "../tracking/answers.ts";
import type { TrackingPageSettingsInput } from "../tracking/schemas.ts";
import { ApiClientError, callApi, type ApiErrorBody } from "./fetch-json.ts";

export const trackingSettingsKeys = { all: ["tracking-page-settings"] as const };

export function useTrackingPageSettings() {
  return useQuery({
    queryKey: trackingSettingsKeys.all,
    queryFn: ({ signal }) => callApi(settings.GET, { signal }),
  });
}

export function useSaveTrackingPageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackingPageSettingsInput) => callApi(settings.PUT, { body }),
    onSuccess: (saved) => queryClient.setQueryData(trackingSettingsKeys.all, saved),
  });
}

/**
 * Sets only the company name (the staff pages' prompt) through the same PUT, which replaces every text: the other
 * texts are read first and sent back as they are.
 */
export function useSaveCompanyName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (companyName: string) => {
      const current = await callApi(settings.GET, {});
      return callApi(settings.PUT, {
        body: {
          company_name: companyName,
          help_email: current.help_email,
          help_phone: current.help_phone,
          help_whatsapp: current.help_whatsapp,
          privacy_url: current.privacy_url,
        },
      });
    },
    onSuccess: (saved) => queryClient.setQueryData(trackingSettingsKeys.all, saved),
  });
}

async function sendLogo(file: File): Promise<TrackingPageSettings> {
  const form = new FormData();
  form.append("file", file, file.name);
  const response = await fetch(`/api/admin/settings/tracking-page/logo`, {
    method: logo.PUT.method,
    body: form,
    credentials: "same-origin",
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiClientError(
      response.status,
      (data as ApiErrorBody | null) ?? { status: "error", message: `HTTP ${response.status}` },
    );
  }
  return data as TrackingPageSettings;
}

export function useTrackingLogo() {
  const queryClient = useQueryClient();
  const onSuccess = (saved: TrackingPageSettings) => queryClient.setQueryData(trackingSettingsKeys.all, saved);
  return {
    upload: useMutation({ mutationFn: sendLogo, onSuccess }),
    remove: useMutation({ mutationFn: () => callApi(logo.DELETE, {}), onSuccess }),
  };
}
