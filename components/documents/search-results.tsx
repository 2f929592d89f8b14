"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert, Spinner } from "@/components/ui/feedback.tsx";
import { useRevealPersonalData } from "@/lib/api-client/documents.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type {
  FilterOptions,
  RevealedPersonalData,
  SearchDocumentsResult,
  SortField,
} from "@/lib/documents/search-schema.ts";
import type { ListQuery } from "@/lib/documents/search-url.ts";
import { BulkStatusBar } from "./bulk-status-bar.tsx";
import { DocumentsTable } from "./documents-table.tsx";
import { Pagination } from "./pagination.tsx";

/** Loading / error / empty states, the table, paging, and the selection + reveal state of the current page. */
export function SearchResults({
  query,
  search,
  options,
  canChangeStatus,
  canReveal,
  onQueryChange,
}: {
  query: ListQuery;
  search: UseQueryResult<SearchDocumentsResult>;
  options: FilterOptions | undefined;
  canChangeStatus: boolean;
  canReveal: boolean;
  onQueryChange: (query: ListQuery) => void;
}) {
  const t = useTranslations("documents.table");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [revealed, setRevealed] = useState<Map<number, RevealedPersonalData>>(() => new Map());
  const reveal = useRevealPersonalData();

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
  const visibleSelected = items.filter((item) => selected.has(item.id));

  const toggleReveal = (id: number) => {
    if (revealed.has(id)) {
      setRevealed((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
      return;
    }
    reveal.mutate(id, {
      onSuccess: (data) => setRevealed((current) => new Map(current).set(id, data)),
    });
  };

  return (
    <section aria-label={t("region")} className="space-y-3">
      {canChangeStatus ? (
        <BulkStatusBar
          selected={visibleSelected}
          statuses={options?.statuses ?? []}
          onClear={() => setSelected(new Set())}
          onDone={(succeeded) =>
            setSelected((current) => new Set([...current].filter((id) => !succeeded.includes(id))))
          }
        />
      ) : null}
      {!canReveal ? <p className="text-xs text-slate-600">{t("masked")}</p> : null}
      {reveal.isError ? <Alert>{t("revealError", { message: errorText.text(reveal.error) })}</Alert> : null}
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
          busy={search.isFetching}
          selectable={canChangeStatus}
          selected={selected}
          onSelectedChange={setSelected}
          canReveal={canReveal}
          revealed={revealed}
          revealingId={reveal.isPending ? reveal.variables : undefined}
          onToggleReveal={toggleReveal}
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
