"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { useDocumentCount } from "@/lib/api-client/documents.ts";
import type { DocumentFilters } from "@/lib/documents/search-schema.ts";
import { DEFAULT_LIST_QUERY, defaultDirection, listQueryToParams } from "@/lib/documents/search-url.ts";

/** "Meus documentos" and "Sem responsável" are the open documents of the signed-in user / of nobody. */
export const VIEW_FILTERS = {
  mine: { assignee: "me", state: "open" },
  unassigned: { assignee: "none", state: "open" },
  /** "Cliente respondeu": the customer's reply or file waits for staff; the latest first. */
  replied: { customer_replied: true },
  /** "E-mail falhou": the case's last e-mail to the customer failed. */
  failed: { email_failed: true },
} as const satisfies Record<string, DocumentFilters>;
type ViewName = "all" | keyof typeof VIEW_FILTERS;

function activeView(filters: DocumentFilters): ViewName | null {
  const keys = Object.keys(filters);
  if (keys.length === 0) return "all";
  for (const name of ["mine", "unassigned"] as const) {
    const view = VIEW_FILTERS[name];
    if (keys.length === 2 && filters.assignee === view.assignee && filters.state === view.state) return name;
  }
  if (keys.length === 1 && filters.customer_replied) return "replied";
  if (keys.length === 1 && filters.email_failed) return "failed";
  return null;
}

const hrefFor = (filters: DocumentFilters) => {
  const sort = filters.customer_replied ? ("customer_activity" as const) : DEFAULT_LIST_QUERY.sort;
  const params = listQueryToParams({
    ...DEFAULT_LIST_QUERY,
    filters,
    sort,
    direction: defaultDirection(sort),
  }).toString();
  return params ? `/documents?${params}` : "/documents";
};

/** The queue's views as links (each one a URL), with live counts of their open documents. */
export function QueueViews({ filters, hasUser }: { filters: DocumentFilters; hasUser: boolean }) {
  const t = useTranslations("operator.views");
  const mine = useDocumentCount(VIEW_FILTERS.mine, hasUser);
  const unassigned = useDocumentCount(VIEW_FILTERS.unassigned);
  const replied = useDocumentCount(VIEW_FILTERS.replied);
  const failed = useDocumentCount(VIEW_FILTERS.failed);
  const active = activeView(filters);
  const views: Array<{ name: ViewName; label: string; count?: { total: number; capped: boolean } }> = [
    { name: "all", label: t("all") },
    ...(hasUser ? [{ name: "mine" as const, label: t("mine"), count: mine.data }] : []),
    { name: "unassigned", label: t("unassigned"), count: unassigned.data },
    { name: "replied", label: t("replied"), count: replied.data },
    { name: "failed", label: t("failed"), count: failed.data },
  ];
  return (
    <nav aria-label={t("label")}>
      <ul className="flex flex-wrap gap-1 border-b border-slate-200">
        {views.map((view) => (
          <li key={view.name}>
            <Link
              href={hrefFor(view.name === "all" ? {} : VIEW_FILTERS[view.name])}
              aria-current={active === view.name ? "page" : undefined}
              data-view={view.name}
              className={`-mb-px inline-flex min-h-9 items-center gap-2 border-b-2 px-3 text-sm font-medium ${
                active === view.name
                  ? "border-brand-700 text-brand-800"
                  : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {view.label}
              {view.count ? (
                <span
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-800"
                  data-testid={`view-count-${view.name}`}
                  aria-label={t("count", { count: view.count.total })}
                >
                  {view.count.capped ? `${view.count.total}+` : view.count.total}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
