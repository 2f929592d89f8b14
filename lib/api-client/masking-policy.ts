"use client";
// TanStack Query hooks of the masking policy settings panel (GET/POST /api/admin/settings/masking-policy).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MaskingPolicy } from "@/lib/documents/masking-policy-schema.ts";
import { documentKeys } from "./document-keys.ts";
import * as maskingPolicy from "@/app/api/admin/settings/masking-policy/contract.ts";
import { callApi } from "./fetch-json.ts";

export const maskingPolicyKeys = { all: ["masking-policy"] as const };

export function useMaskingPolicy() {
  return useQuery({
    queryKey: maskingPolicyKeys.all,
    queryFn: ({ signal }) => callApi(maskingPolicy.GET, { signal }),
  });
}

/** Saving changes what every list page sends: the lists are refetched too. */
export function useSaveMaskingPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: MaskingPolicy) => callApi(maskingPolicy.POST, { body: policy }),
    onSuccess: (saved) => {
      queryClient.setQueryData(maskingPolicyKeys.all, saved);
      return queryClient.invalidateQueries({ queryKey: documentKeys.lists() });
    },
  });
}
