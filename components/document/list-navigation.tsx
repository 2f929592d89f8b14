"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { useDocumentSearch } from "@/lib/api-client/documents.ts";
import { listQueryToParams, parseListQuery, type ListQuery } from "@/lib/documents/search-url.ts";

type Neighbours = { previous: string | null; next: string | null; position: number; total: number };

const withQuery = (path: string, query: ListQuery) => {
  const params = listQueryToParams(query).toString();
  return params ? `${path}?${params}` : path;
};

/** The list a document was opened from, as its page's own URL query (the list's query string travels along). */
export function useListContext() {
  const paramsKey = useSearchParams().toString();
  return useMemo(() => parseListQuery(new URLSearchParams(paramsKey)), [paramsKey]);
}

/** Where "Voltar à lista" goes: the same filters, sort and page, and the row of this document (#row-<id>). */
export function backToListHref(query: ListQuery, id: number) {
  return `${withQuery("/documents", query)}#row-${id}`;
}

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName);
}

/**
 * Previous / next document of the list the page was opened from (the same search, so TanStack Query usually answers
 * from the list's cache), across page boundaries; `[` and `]` do the same. When the document leaves the result set
 * while open (taken, finished), the neighbours last seen are kept.
 */
export function ListNavigation({ id }: { id: number }) {
  const t = useTranslations("operator.nav");
  const router = useRouter();
  const query = useListContext();
  const current = useDocumentSearch(query);
  const items = useMemo(() => current.data?.items ?? [], [current.data]);
  const index = items.findIndex((item) => item.id === id);
  const total = current.data?.total ?? 0;
  const pages = current.data ? Math.max(1, Math.ceil(total / query.page_size)) : 1;
  const needPrevious = current.data !== undefined && index === 0 && query.page > 1;
  const needNext = current.data !== undefined && index === items.length - 1 && index !== -1 && query.page < pages;
  const previousPage = useDocumentSearch({ ...query, page: needPrevious ? query.page - 1 : query.page });
  const nextPage = useDocumentSearch({ ...query, page: needNext ? query.page + 1 : query.page });

  const found = useMemo((): Neighbours | null => {
    if (index === -1) return null;
    const href = (targetId: number, page: number) => withQuery(`/documents/${targetId}`, { ...query, page });
    let previous: string | null = null;
    let next: string | null = null;
    if (index > 0) previous = href(items[index - 1]!.id, query.page);
    else if (needPrevious && previousPage.data) {
      const last = previousPage.data.items.at(-1);
      if (last) previous = href(last.id, query.page - 1);
    }
    if (index < items.length - 1) next = href(items[index + 1]!.id, query.page);
    else if (needNext && nextPage.data) {
      const first = nextPage.data.items[0];
      if (first) next = href(first.id, query.page + 1);
    }
    return { previous, next, position: (query.page - 1) * query.page_size + index + 1, total };
  }, [index, items, query, needPrevious, needNext, previousPage.data, nextPage.data, total]);

  // The neighbours last seen stay when the document drops out of the set (e.g. just taken from "Sem responsável").
  // (State adjusted while rendering, React's pattern for "remember the last value seen".)
  const [lastSeen, setLastSeen] = useState<{ id: number; value: Neighbours } | null>(null);
  if (found && (lastSeen?.id !== id || JSON.stringify(lastSeen.value) !== JSON.stringify(found))) {
    setLastSeen({ id, value: found });
  }
  const neighbours = found ?? (lastSeen?.id === id ? lastSeen.value : null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typingIn(event.target) || document.querySelector("dialog[open]")) return;
      const target = event.key === "[" ? neighbours?.previous : event.key === "]" ? neighbours?.next : null;
      if (!target) return;
      event.preventDefault();
      router.push(target);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [neighbours, router]);

  if (!neighbours) return null;
  const box = "inline-flex min-h-9 items-center gap-1 rounded-md border px-3 text-sm font-medium";
  const linkClass = `${box} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
  const disabledClass = `${box} cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500`;
  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center gap-2" data-testid="list-navigation">
      {neighbours.previous ? (
        <Link href={neighbours.previous} className={linkClass} rel="prev" aria-keyshortcuts="[">
          <span aria-hidden>‹</span>
          {t("previous")}
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          <span aria-hidden>‹</span>
          {t("previous")}
        </span>
      )}
      <span className="text-sm tabular-nums text-slate-700" data-testid="list-position">
        {t("position", { index: neighbours.position, total: neighbours.total })}
      </span>
      {neighbours.next ? (
        <Link href={neighbours.next} className={linkClass} rel="next" aria-keyshortcuts="]">
          {t("next")}
          <span aria-hidden>›</span>
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          {t("next")}
          <span aria-hidden>›</span>
        </span>
      )}
      <span className="hidden text-xs text-slate-600 lg:inline">{t("keys")}</span>
    </nav>
  );
}
