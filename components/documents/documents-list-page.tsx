"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { useTranslations } from "use-intl";
import { useDocumentSearch, useFilterOptions } from "@/lib/api-client/documents.ts";
import type { DocumentFilters } from "@/lib/documents/search-schema.ts";
import { cleanFilters, listQueryToParams, parseListQuery, type ListQuery } from "@/lib/documents/search-url.ts";
import Link from "next/link";
import { ExportButton } from "./export-button.tsx";
import { FilterBar } from "./filter-bar.tsx";
import { FilterChips } from "./filter-chips.tsx";
import { SearchResults } from "./search-results.tsx";
import { SavedFilters } from "./saved-filters.tsx";

/** The whole documents list; its state is the URL query, so every search can be shared and reloaded. */
export function DocumentsListPage({
  canChangeStatus,
  canReveal,
  canSaveFilters,
}: {
  canChangeStatus: boolean;
  canReveal: boolean;
  canSaveFilters: boolean;
}) {
  const t = useTranslations("documents");
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const paramsKey = searchParams.toString();
  const query = useMemo(() => parseListQuery(new URLSearchParams(paramsKey)), [paramsKey]);
  const options = useFilterOptions();
  const search = useDocumentSearch(query);

  const navigate = useCallback(
    (next: ListQuery) => {
      const params = listQueryToParams(next).toString();
      router.push(params ? `${pathname}?${params}` : pathname, { scroll: false });
    },
    [router, pathname],
  );
  const applyFilters = useCallback(
    (filters: DocumentFilters) => navigate({ ...query, filters: cleanFilters(filters), page: 1 }),
    [navigate, query],
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <div className="flex flex-wrap items-center gap-3">
          {search.data ? (
            <p className="text-sm text-slate-600" aria-live="polite">
              {search.data.total_capped
                ? t("resultCountCapped", { count: search.data.total })
                : t("resultCount", { count: search.data.total })}
            </p>
          ) : null}
          {/* Exactly the filtered set: the export takes the list's own filters. */}
          <ExportButton filter={query.filters} />
          {canChangeStatus ? (
            <Link
              href="/documents/import"
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {t("importCsv")}
            </Link>
          ) : null}
        </div>
      </div>
      <FilterBar key={`filters?${paramsKey}`} filters={query.filters} options={options.data} onApply={applyFilters} />
      <FilterChips filters={query.filters} options={options.data} onChange={applyFilters} />
      {canSaveFilters ? <SavedFilters current={query.filters} onApply={applyFilters} /> : null}
      <SearchResults
        // A new search starts with nothing selected or revealed (keys differ from FilterBar's: same parent).
        key={`results?${paramsKey}`}
        query={query}
        search={search}
        options={options.data}
        canChangeStatus={canChangeStatus}
        canReveal={canReveal}
        onQueryChange={navigate}
      />
    </div>
  );
}
