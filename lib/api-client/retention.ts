"use client";
// TanStack Query hooks of the retention settings page (/api/admin/retention…): one key factory, exact invalidations.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as rules from "@/app/api/admin/retention/contract.ts";
import * as rule from "@/app/api/admin/retention/[id]/contract.ts";
import * as preview from "@/app/api/admin/retention/[id]/preview/contract.ts";
import * as activate from "@/app/api/admin/retention/[id]/activate/contract.ts";
import * as deactivate from "@/app/api/admin/retention/[id]/deactivate/contract.ts";
import * as runNow from "@/app/api/admin/retention/[id]/run/contract.ts";
import type { TRetentionRuleBody } from "@/lib/retention/schemas.ts";
import { callApi } from "./fetch-json.ts";

export const retentionKeys = {
  all: ["retention"] as const,
  rules: () => [...retentionKeys.all, "rules"] as const,
  preview: (id: number) => [...retentionKeys.all, "preview", id] as const,
};

export function useRetentionRules() {
  return useQuery({
    queryKey: retentionKeys.rules(),
    queryFn: ({ signal }) => callApi(rules.GET, { signal }),
  });
}

/** Counts are read afresh each time the preview opens (the data moves). */
export function useRetentionPreview(id: number | null) {
  return useQuery({
    queryKey: retentionKeys.preview(id ?? 0),
    queryFn: ({ signal }) => callApi(preview.GET, { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

function useRulesMutation<V, A>(request: (variables: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: retentionKeys.all }),
  });
}

export const useCreateRetentionRule = () =>
  useRulesMutation((body: TRetentionRuleBody) => callApi(rules.POST, { body }));
export const useActivateRetentionRule = () =>
  useRulesMutation(({ id, count }: { id: number; count: number }) =>
    callApi(activate.POST, { params: { id }, body: { confirm_count: count } }),
  );
export const useDeactivateRetentionRule = () =>
  useRulesMutation((id: number) => callApi(deactivate.POST, { params: { id }, body: {} }));
export const useRunRetentionRuleNow = () =>
  useRulesMutation((id: number) => callApi(runNow.POST, { params: { id }, body: {} }));
export const useDeleteRetentionRule = () => useRulesMutation((id: number) => callApi(rule.DELETE, { params: { id } }));
