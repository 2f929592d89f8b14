"use client";
// The import's one request (all rows or none) as a mutation, and what its answer means for the page.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { documentKeys } from "@/lib/api-client/document-keys.ts";
import * as importContract from "@/app/api/documents/import/contract.ts";
import { ApiClientError, callApi } from "@/lib/api-client/fetch-json.ts";
import type { ContractBody } from "@/lib/http/contract.ts";
import type { ImportRowError } from "@/lib/documents/import-rows.ts";

export type ImportOutcome =
  | { kind: "success"; imported: number; skipped: ImportRowError[] }
  | { kind: "refused"; error: unknown; errors: ImportRowError[] }
  | { kind: "failed"; error: unknown };

export function useImportDocuments() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({
      rows,
      validOnly,
    }: {
      rows: ContractBody<typeof importContract.POST>["rows"];
      validOnly?: boolean;
    }) => callApi(importContract.POST, { body: { rows, ...(validOnly ? { valid_only: true } : {}) } }),
    // New documents: every open list is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
  return { ...mutation, outcome: outcomeOf(mutation.data, mutation.error) };
}

function outcomeOf(
  data: { imported: number; skipped?: ImportRowError[] } | undefined,
  error: unknown,
): ImportOutcome | null {
  if (data) return { kind: "success", imported: data.imported, skipped: data.skipped ?? [] };
  if (!error) return null;
  // 400: the file was refused whole, with the rows' errors; anything else is a failure to try again.
  if (error instanceof ApiClientError && error.status === 400) {
    return { kind: "refused", error, errors: (error.body.errors ?? []) as ImportRowError[] };
  }
  return { kind: "failed", error };
}
