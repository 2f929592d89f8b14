// TanStack Query hooks of the audit trail page (/audit) over /api/admin/audit/….
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import * as exportCsv from "@/app/api/admin/audit/export/contract.ts";
import * as search from "@/app/api/admin/audit/search/contract.ts";
import { contractUrl, type ContractAnswer, type ContractBody } from "@/lib/http/contract.ts";
import { ApiClientError, type ApiErrorBody } from "./fetch-json.ts";
import { callApi } from "./fetch-json.ts";

export type AuditSearch = ContractBody<typeof search.POST>;
export type AuditPage = ContractAnswer<typeof search.POST>;
export type AuditRowView = AuditPage["items"][number];
export type AuditFilters = ContractBody<typeof exportCsv.POST>;

export const auditKeys = {
  all: ["audit"] as const,
  search: (query: AuditSearch) => [...auditKeys.all, "search", query] as const,
};

export function useAuditTrail(query: AuditSearch) {
  return useQuery({
    queryKey: auditKeys.search(query),
    queryFn: ({ signal }) => callApi(search.POST, { body: query, signal }),
    placeholderData: keepPreviousData,
    // A revealed page is not kept once left: it is fetched (and audited) again when asked for again.
    gcTime: query.reveal ? 0 : 60_000,
  });
}

/** Downloads the CSV of the filtered set (POST: the filters stay out of URLs), saving it as a file. */
export function useExportAudit() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const response = await fetch(`/api/${contractUrl(exportCsv.POST)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(filters),
        credentials: "same-origin",
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
        throw new ApiClientError(response.status, body ?? { status: "error", message: `HTTP ${response.status}` });
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = "auditoria.csv";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return Number(response.headers.get("x-total-count") ?? 0);
    },
  });
}
