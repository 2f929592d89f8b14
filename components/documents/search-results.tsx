"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert, Spinner } from "@/components/ui/feedback.tsx";
import { SELECT_ALL_LIMIT, useCollectMatching, useRevealPage } from "@/lib/api-client/documents.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type {
  DocumentListItem,
  FilterOptions,
  RevealedPersonalData,
  SearchDocumentsResult,
  SortField,
} from "@/lib/documents/search-schema.ts";
import { listQueryToParams, type ListQuery } from "@/lib/documents/search-url.ts";
import { BulkAssign, useAssignWithUndo } from "./assign-controls.tsx";
import { BulkStatusBar } from "./bulk-status-bar.tsx";
import { DocumentsTable } from "./documents-table.tsx";
import { Pagination } from "@/components/ui/pagination.tsx";
import type { ListView } from "./use-list-view.ts";
import { ViewSettings } from "./view-settings.tsx";

/** The clock the SLA countdowns read; ticks every 30 s (they show minutes at the finest). */
function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Loading / error / empty states, the table, paging, and the selection + reveal state of the current page. */
export function SearchResults({
  query,
  search,
  options,
  canChangeStatus,
  canReveal,
  view,
  onViewChange,
  onQueryChange,
}: {
  query: ListQuery;
  search: UseQueryResult<SearchDocumentsResult>;
  options: FilterOptions | undefined;
  canChangeStatus: boolean;
  canReveal: boolean;
  view: ListView;
  onViewChange: (view: ListView) => void;
  onQueryChange: (query: ListQuery) => void;
}) {
  const t = useTranslations("documents.table");
  const tq = useTranslations("queue");
  const tb = useTranslations("documents.bulk");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [revealed, setRevealed] = useState<Map<number, RevealedPersonalData>>(() => new Map());
  // "Selecionar todos os N documentos da busca": every matching document, beyond this page (null: the page's boxes).
  const [allMatching, setAllMatching] = useState<DocumentListItem[] | null>(null);
  const collect = useCollectMatching();
  const reveal = useRevealPage();
  const now = useNow(30_000);
  const me = options?.me ?? null;
  const assign = useAssignWithUndo(options?.users ?? []);
  const rowCount = search.data?.items.length ?? 0;
  // Back from a document (#row-<id>): that row's link gets the focus, in view, once its page has loaded. Rows on
  // screen may still be another query's (kept while the next loads, or cached for the page the URL state showed
  // first), so a missing row gives up only once this query's own answer has settled.
  const restored = useRef(false);
  const settled = !search.isFetching && !search.isPlaceholderData;
  useEffect(() => {
    if (restored.current || rowCount === 0) return;
    const match = /^#row-(\d+)$/.exec(window.location.hash);
    const link = match
      ? document.querySelector<HTMLAnchorElement>(`tr[data-document-row="${match[1]}"] a[data-row-link]`)
      : null;
    if (match && !link && !settled) return;
    restored.current = true;
    if (!link) return;
    link.focus({ preventScroll: true });
    link.scrollIntoView({ block: "center" });
  }, [rowCount, settled, search.data]);

  if (search.isPending) return <Spinner label={t("loading")} />;
  if (search.isError) {
    return (
      <div className="space-y-2">
        <Alert>{t("error", { message: errorText.text(search.error) })}</Alert>
        <Button variant="secondary" onClick={() => void search.refetch()}>
          {tc("actions.retry")}
        </Button>
      </div>
    );
  }

  const { items, total, page, page_size } = search.data;
  const pages = Math.max(1, Math.ceil(total / page_size));
  const product = options?.products.find((candidate) => candidate.id === query.filters.product_id);
  const pageSelected = items.filter((item) => selected.has(item.id));
  const visibleSelected = allMatching ?? pageSelected;
  const offerAllMatching =
    allMatching === null && items.length > 0 && pageSelected.length === items.length && total > items.length;
  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(null);
  };
  const pageRevealed = items.length > 0 && items.every((item) => revealed.has(item.id));

  return (
    <section aria-label={t("region")} className="space-y-2">
      {canChangeStatus ? (
        // Its toolbar shows only while rows are selected; its outcome stays after the selection empties.
        <BulkStatusBar
          selected={visibleSelected}
          statuses={options?.statuses ?? []}
          onClear={clearSelection}
          onDone={(succeeded) => {
            setSelected((current) => new Set([...current].filter((id) => !succeeded.includes(id))));
            setAllMatching((current) => current?.filter((item) => !succeeded.includes(item.id)) ?? null);
          }}
        >
          {offerAllMatching ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={collect.isPending}
              onClick={() => collect.mutate(query.filters, { onSuccess: setAllMatching })}
            >
              {collect.isPending
                ? tb("selectingAll")
                : tb("selectAllMatching", { count: Math.min(total, SELECT_ALL_LIMIT) })}
            </Button>
          ) : null}
          {allMatching && total > allMatching.length ? (
            <span className="text-xs text-slate-700">{tb("allMatchingCapped", { count: allMatching.length })}</span>
          ) : null}
          <BulkAssign
            users={options?.users ?? []}
            me={me}
            disabled={assign.pending}
            onAssign={(userId) => {
              assign.run(visibleSelected, userId);
              clearSelection();
            }}
          />
        </BulkStatusBar>
      ) : null}
      {assign.view}
      {visibleSelected.length > 0 ? null : (
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          <p className="hidden text-xs text-slate-600 lg:block">{tq("keyboard")}</p>
          <div className="ml-auto flex items-center gap-2">
            {canReveal && items.length ? (
              pageRevealed ? (
                <Button variant="secondary" size="sm" onClick={() => setRevealed(new Map())}>
                  {tq("reveal.hide")}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  // While a new search loads, the rows on screen are the previous one's: revealing them would log
                  // documents that are about to leave the page.
                  disabled={reveal.isPending || search.isPlaceholderData}
                  onClick={() =>
                    reveal.mutate(
                      items.map((item) => item.id),
                      { onSuccess: (rows) => setRevealed(new Map(rows.map((row) => [row.id, row]))) },
                    )
                  }
                >
                  {tq("reveal.page")}
                </Button>
              )
            ) : null}
            {!canReveal ? <p className="text-xs text-slate-600">{t("masked")}</p> : null}
            <ViewSettings view={view} onChange={onViewChange} />
          </div>
        </div>
      )}
      {collect.isError ? <Alert>{errorText.text(collect.error)}</Alert> : null}
      {reveal.isError ? <Alert>{t("revealError", { message: errorText.text(reveal.error) })}</Alert> : null}
      {pageRevealed ? (
        <p className="sr-only" role="status">
          {tq("reveal.done", { count: items.length })}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          {t("empty")}
        </div>
      ) : (
        <DocumentsTable
          items={items}
          caption={t("caption", { page, pages })}
          productColumns={product?.columns ?? null}
          sort={query.sort}
          direction={query.direction}
          onSort={(field: SortField) =>
            onQueryChange({
              ...query,
              sort: field,
              direction: query.sort === field && query.direction === "asc" ? "desc" : "asc",
              page: 1,
            })
          }
          busy={search.isFetching && search.isPlaceholderData}
          selectable={canChangeStatus}
          selected={selected}
          onSelectedChange={(next) => {
            setSelected(next);
            setAllMatching(null);
          }}
          revealed={revealed}
          view={view}
          now={now}
          linkQuery={listQueryToParams(query).toString()}
          onTake={canChangeStatus && me !== null ? (item) => assign.run([item], me, true) : undefined}
        />
      )}
      <Pagination
        page={page}
        pages={pages}
        pageSize={page_size}
        onPage={(next) => onQueryChange({ ...query, page: next })}
        onPageSize={(size) => onQueryChange({ ...query, page_size: size, page: 1 })}
      />
    </section>
  );
}
