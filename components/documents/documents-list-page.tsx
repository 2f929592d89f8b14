"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback, useState } from "react";
import { useTranslations } from "use-intl";
import { UpdatedAgo } from "@/components/live/updated-ago.tsx";
import { useDocumentSearch, useFilterOptions } from "@/lib/api-client/documents.ts";
import type { DocumentFilters } from "@/lib/documents/search-schema.ts";
import { cleanFilters, defaultDirection } from "@/lib/documents/search-url.ts";
import { AddFilterPopover } from "./add-filter-popover.tsx";
import { FilterBar } from "./filter-bar.tsx";
import { FilterChips } from "./filter-chips.tsx";
import { ListActionsMenu } from "./list-actions-menu.tsx";
import { QueueViews } from "./queue-views.tsx";
import { QuickSearch } from "./quick-search.tsx";
import { SavedFilters } from "./saved-filters.tsx";
import { SearchResults } from "./search-results.tsx";
import { useListKeyboard } from "./use-list-keyboard.ts";
import { useListQuery } from "./use-list-query.ts";
import { useListView } from "./use-list-view.ts";

const SEARCH_INPUT_ID = "documents-quick-search";

/**
 * The documents list, made for working a queue: one compact filter row (CPF box, "Adicionar filtro", chips; the
 * full form and the saved filters on demand), the table as high up as possible, live, keyboard-driven.
 * Its state is the URL query, so every search can be shared and reloaded.
 */
export function DocumentsListPage({
  userId,
  canChangeStatus,
  canReveal,
  canSaveFilters,
}: {
  userId: number | null;
  canChangeStatus: boolean;
  canReveal: boolean;
  canSaveFilters: boolean;
}) {
  const t = useTranslations("documents");
  const tq = useTranslations("queue");
  const tNew = useTranslations("operator.create");
  const options = useFilterOptions();
  // Typed URL state (nuqs): every change builds on the latest state, so quick successive updates do not clobber
  // each other (components/documents/use-list-query.ts).
  const urlSearch = useSearchParams().toString();
  const [query, setQuery, paramsKey] = useListQuery(urlSearch);
  const search = useDocumentSearch(query);
  const [view, setView] = useListView(userId);
  const [panel, setPanel] = useState<"none" | "filters" | "saved">("none");
  useListKeyboard();

  const applyFilters = useCallback(
    (filters: DocumentFilters) => setQuery((current) => ({ ...current, filters: cleanFilters(filters), page: 1 })),
    [setQuery],
  );
  const updateFilters = useCallback(
    (update: (current: DocumentFilters) => DocumentFilters) =>
      setQuery((current) => ({ ...current, filters: cleanFilters(update(current.filters)), page: 1 })),
    [setQuery],
  );
  const toggle = (which: "filters" | "saved") => setPanel((current) => (current === which ? "none" : which));

  return (
    <div className="space-y-2" data-full-width>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          {search.data ? (
            <p className="text-sm text-slate-600" aria-live="polite">
              {search.data.total_capped
                ? t("resultCountCapped", { count: search.data.total })
                : t("resultCount", { count: search.data.total })}
            </p>
          ) : null}
          <UpdatedAgo updatedAt={search.dataUpdatedAt} fetching={search.isFetching} />
          {query.sort === "urgency" ? (
            <span className="text-xs text-slate-600">{tq("order.urgency")}</span>
          ) : (
            <button
              type="button"
              onClick={() =>
                setQuery((current) => ({
                  ...current,
                  sort: "urgency",
                  direction: defaultDirection("urgency"),
                  page: 1,
                }))
              }
              className="text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {tq("order.resetUrgency")}
            </button>
          )}
        </div>
        {/* One primary action at the top right; the exports (exactly the filtered set), their options and the
            import in one menu beside it. */}
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          <ListActionsMenu filter={query.filters} canImport={canChangeStatus} />
          {canChangeStatus ? (
            <Link
              href="/documents/new"
              className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 lg:min-h-9"
            >
              {tNew("button")}
            </Link>
          ) : null}
        </div>
      </div>

      <QueueViews filters={query.filters} hasUser={userId !== null} />

      <div className="flex flex-wrap items-center gap-2">
        <QuickSearch
          key={`q?${query.filters.q ?? query.filters.cpf ?? ""}`}
          id={SEARCH_INPUT_ID}
          text={query.filters.q ?? query.filters.cpf}
          withheld={search.data?.q_withheld}
          onSearch={(typed) => updateFilters((current) => ({ ...current, ...typed }))}
        />
        <AddFilterPopover
          key={`add?${paramsKey}`}
          filters={query.filters}
          options={options.data}
          onApply={applyFilters}
        />
        <FilterChips filters={query.filters} options={options.data} onChange={updateFilters} />
        <div className="ml-auto flex items-center gap-2">
          <button
            type="button"
            aria-expanded={panel === "filters"}
            onClick={() => toggle("filters")}
            className="min-h-9 rounded-md px-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {panel === "filters" ? tq("closeFilters") : tq("allFilters")}
          </button>
          {canSaveFilters ? (
            <button
              type="button"
              aria-expanded={panel === "saved"}
              onClick={() => toggle("saved")}
              className="min-h-9 rounded-md px-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {tq("savedToggle")}
            </button>
          ) : null}
        </div>
      </div>

      {panel === "filters" ? (
        <FilterBar key={`filters?${paramsKey}`} filters={query.filters} options={options.data} onApply={applyFilters} />
      ) : null}
      {panel === "saved" && canSaveFilters ? <SavedFilters current={query.filters} onApply={applyFilters} /> : null}

      <SearchResults
        // A new search starts with nothing selected or revealed.
        key={`results?${paramsKey}`}
        query={query}
        search={search}
        options={options.data}
        canChangeStatus={canChangeStatus}
        canReveal={canReveal}
        view={view}
        onViewChange={setView}
        onQueryChange={setQuery}
      />
    </div>
  );
}
