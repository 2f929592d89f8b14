"use client";

import { useEffect, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { searchable } from "./operation-anchor.ts";

export type ReferenceEntry = {
  anchor: string;
  tag: string;
  method: string;
  path: string;
  summary: string;
  /** Everything a search may match (path, summary, description, field names), already `searchable()`. */
  text: string;
  /** The operation, rendered on the server. */
  node: React.ReactNode;
};

const METHOD_TEXT: Record<string, string> = {
  GET: "text-emerald-800",
  POST: "text-blue-800",
  PATCH: "text-amber-800",
  PUT: "text-amber-800",
  DELETE: "text-red-800",
};

/** Opens the operation a URL fragment points at (a closed <details> would hide what the link promised). */
function openTargetOperation() {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target instanceof HTMLDetailsElement) {
    target.open = true;
    target.scrollIntoView({ block: "start" });
    target.querySelector("summary")?.focus({ preventScroll: true });
  }
}

/**
 * The API reference's navigation: a search box that narrows the operations as one types, and a table of contents
 * with a link (a stable anchor) to every operation; following one opens it.
 */
export function ReferenceBrowser({ entries, tags }: { entries: ReferenceEntry[]; tags: string[] }) {
  const t = useTranslations("reference");
  const [query, setQuery] = useState("");
  const [contentsOpen, setContentsOpen] = useState(false);
  const contentsId = useId();
  const words = searchable(query).split(/\s+/).filter(Boolean);
  const matches = (entry: ReferenceEntry) => words.every((word) => entry.text.includes(word));
  const shown = entries.filter(matches);

  useEffect(() => {
    openTargetOperation();
    window.addEventListener("hashchange", openTargetOperation);
    return () => window.removeEventListener("hashchange", openTargetOperation);
  }, []);

  const contents = (
    <nav aria-label={t("contents")}>
      {tags.map((tag) => {
        const inTag = shown.filter((entry) => entry.tag === tag);
        if (inTag.length === 0) return null;
        return (
          <div key={tag} className="mb-3">
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{tag}</p>
            <ul className="space-y-0.5">
              {inTag.map((entry) => (
                <li key={entry.anchor}>
                  <a
                    href={`#${entry.anchor}`}
                    className="flex min-h-11 items-center gap-2 rounded px-1.5 text-sm text-slate-800 hover:bg-slate-100 lg:min-h-0 lg:py-0.5"
                  >
                    <span className={`w-12 shrink-0 font-mono text-xs font-bold ${METHOD_TEXT[entry.method] ?? ""}`}>
                      {entry.method}
                    </span>
                    <span className="min-w-0 break-all font-mono text-xs">{entry.path}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <aside className="space-y-3 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
        <div role="search">
          <label htmlFor="reference-search" className="mb-1 block text-sm font-medium text-slate-700">
            {t("search")}
          </label>
          <input
            id="reference-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t("searchPlaceholder")}
            autoComplete="off"
            className="min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm lg:min-h-0"
          />
          <p role="status" className="mt-1 text-xs text-slate-600">
            {t("matches", { count: shown.length, total: entries.length })}
          </p>
        </div>
        {/* Below 1024 px the contents fold away behind a button (a disclosure), and fold again once a link is used. */}
        <div className="rounded-md border border-slate-200 bg-white px-3 py-1 lg:hidden">
          <button
            type="button"
            aria-expanded={contentsOpen}
            aria-controls={contentsId}
            onClick={() => setContentsOpen(!contentsOpen)}
            className="flex min-h-11 w-full items-center gap-2 text-left text-sm font-medium text-brand-700"
          >
            <span aria-hidden>{contentsOpen ? "▾" : "▸"}</span>
            {t("contents")}
          </button>
          <div id={contentsId} hidden={!contentsOpen} className="mt-1 pb-2" onClick={() => setContentsOpen(false)}>
            {contentsOpen ? contents : null}
          </div>
        </div>
        <div className="hidden rounded-md border border-slate-200 bg-white p-3 lg:block">{contents}</div>
      </aside>
      <div className="min-w-0 space-y-6">
        {shown.length === 0 ? <p className="text-sm text-slate-700">{t("noMatches")}</p> : null}
        {tags.map((tag) => {
          const inTag = entries.filter((entry) => entry.tag === tag);
          const visible = inTag.some(matches);
          return (
            <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-2" hidden={!visible}>
              <h2 id={`tag-${tag}`} className="text-lg font-semibold text-slate-900">
                {tag}
              </h2>
              {inTag.map((entry) => (
                // Hidden rather than unmounted, so an open operation stays open while the search changes.
                <div key={entry.anchor} hidden={!matches(entry)}>
                  {entry.node}
                </div>
              ))}
            </section>
          );
        })}
      </div>
    </div>
  );
}
