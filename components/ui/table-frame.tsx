"use client";
// The frame every table of the app is drawn in: a named, keyboard-scrollable region, the caption, the header row
// (sortable columns as buttons with aria-sort) and the body. DataTable (table.tsx) fills it from columns.
import { useTranslations } from "use-intl";

export type SortDirection = "asc" | "desc";
export type TableSort = { key: string; direction: SortDirection; onSort: (key: string) => void };

export type HeadCell = {
  key: string;
  label: React.ReactNode;
  className?: string;
  /** Only on screens ≥ 1024 px (secondary columns that give way on tablets). */
  wideOnly?: boolean;
  /** The label for screen readers only (an actions column). */
  srOnly?: boolean;
  sortable?: boolean;
};

/**
 * boxed: a bordered card of its own (settings, the documents list); plain: inside a card that already has one.
 * `cell` is the padding of every cell, header or body (the documents list passes its density's instead).
 */
export const STYLES = {
  boxed: {
    frame: "relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm",
    table: "min-w-full divide-y divide-slate-200 text-left text-sm",
    head: "bg-slate-50 text-slate-700",
    th: "text-xs font-semibold tracking-wide whitespace-nowrap uppercase",
    body: "divide-y divide-slate-100",
    row: "",
    cell: "px-3 py-2 align-middle",
  },
  plain: {
    frame: "relative overflow-x-auto",
    table: "w-full text-left text-sm",
    head: "border-b border-slate-200 text-slate-600",
    th: "text-xs uppercase tracking-wide",
    body: "",
    row: "border-b border-slate-100 align-top last:border-0",
    cell: "py-2 pr-3",
  },
  /** A small table of numbers (a chart's data): sentence-case headers, tight rows. */
  compact: {
    frame: "relative overflow-x-auto",
    table: "w-full border-collapse text-left",
    head: "border-b border-slate-300 text-slate-700",
    th: "font-semibold",
    body: "",
    row: "border-b border-slate-100",
    cell: "px-2 py-1",
  },
  /** The documents list: sentence-case headers, the density's padding. */
  grid: {
    frame: "relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm",
    table: "min-w-full text-left text-sm",
    head: "border-b border-slate-200 bg-slate-50 text-slate-700",
    th: "whitespace-nowrap font-semibold",
    body: "divide-y divide-slate-100",
    row: "",
    cell: "px-3 py-2 align-middle",
  },
} as const;
export type TableVariant = keyof typeof STYLES;

export type FrameProps = {
  /** Names the region and (unless `caption` is given) the table. */
  label: string;
  /** A visible caption instead of the screen-reader one. */
  caption?: React.ReactNode;
  /** The screen-reader caption when it should say more than `label` ("página 2 de 5"). */
  srCaption?: string;
  head: HeadCell[];
  sort?: TableSort;
  busy?: boolean;
  variant?: TableVariant;
  /** The padding of every cell, instead of the variant's. */
  cellClassName?: string;
  /** Extra attributes of the <table> (data-* the page's scripts and tests read). */
  tableAttributes?: Record<`data-${string}`, string>;
  bodyClassName?: string;
  /** A checkbox in the first header cell (select the whole page). */
  selectAll?: SelectAll;
  /** Rows of a <tfoot> (totals). */
  foot?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
};

export type SelectAll = { checked: boolean; indeterminate: boolean; onToggle: () => void; label: string };

/** A table that scrolls sideways inside its own named region, with a caption for screen readers. */
export function TableFrame({
  label,
  caption,
  srCaption,
  head,
  sort,
  busy,
  variant = "boxed",
  cellClassName,
  tableAttributes,
  bodyClassName = "",
  selectAll,
  foot,
  className = "",
  children,
}: FrameProps) {
  const style = STYLES[variant];
  const cell = cellClassName ?? style.cell;
  return (
    // Focusable and named so keyboard users can scroll it when it is wider than the screen.
    <div className={`${style.frame} ${className}`} tabIndex={0} role="region" aria-label={label}>
      <table className={style.table} aria-busy={busy} {...tableAttributes}>
        {caption ? (
          <caption className="mb-2 text-left text-xs text-slate-600">{caption}</caption>
        ) : (
          <caption className="sr-only">{srCaption ?? label}</caption>
        )}
        <thead className={style.head}>
          <tr>
            {selectAll ? (
              <th scope="col" className={`${cell} w-8`}>
                <input
                  type="checkbox"
                  aria-label={selectAll.label}
                  checked={selectAll.checked}
                  ref={(element) => {
                    if (element) element.indeterminate = selectAll.indeterminate;
                  }}
                  onChange={selectAll.onToggle}
                  className="h-4 w-4"
                />
              </th>
            ) : null}
            {head.map((column) => (
              <HeaderCell key={column.key} column={column} sort={sort} className={`${cell} ${style.th}`} />
            ))}
          </tr>
        </thead>
        <tbody className={`${style.body} ${bodyClassName}`}>{children}</tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </div>
  );
}

function HeaderCell({ column, sort, className }: { column: HeadCell; sort?: TableSort; className: string }) {
  const t = useTranslations("common.table");
  const sortable = sort && column.sortable;
  const active = sortable && sort.key === column.key ? sort.direction : null;
  const label = column.srOnly ? <span className="sr-only">{column.label}</span> : column.label;
  return (
    <th
      scope="col"
      className={`${className} ${column.wideOnly ? "hidden lg:table-cell" : ""} ${column.className ?? ""}`}
      aria-sort={sortable ? (active ? (active === "asc" ? "ascending" : "descending") : "none") : undefined}
    >
      {sortable ? (
        <button
          type="button"
          onClick={() => sort.onSort(column.key)}
          className="inline-flex items-center gap-1 rounded font-semibold hover:text-brand-700"
          title={typeof column.label === "string" ? t("sortBy", { column: column.label }) : undefined}
        >
          {label}
          <span aria-hidden className={active ? "text-brand-700" : "text-slate-400"}>
            {active ? (active === "asc" ? "▲" : "▼") : "↕"}
          </span>
          {active ? <span className="sr-only">({active === "asc" ? t("sortedAsc") : t("sortedDesc")})</span> : null}
        </button>
      ) : (
        label
      )}
    </th>
  );
}
