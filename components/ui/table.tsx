"use client";
// The app's tables: a named, keyboard-scrollable frame (TableFrame) for rows written by hand, and DataTable for rows
// described by columns — sorting, selection, loading and empty states, and cards below 1024 px so a tablet never
// scrolls sideways for the facts staff need.
import { useTranslations } from "use-intl";
import { Spinner } from "./feedback.tsx";

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

const HEAD_TONES = {
  boxed: "px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase",
  plain: "py-2 pr-3 text-left text-xs uppercase tracking-wide text-slate-600",
} as const;

/** A table that scrolls sideways inside its own named region, with a caption for screen readers. */
export function TableFrame({
  label,
  caption,
  head,
  sort,
  busy,
  variant = "boxed",
  className = "",
  children,
}: {
  /** Names the region and (unless `caption` is given) the table. */
  label: string;
  /** A visible caption instead of the screen-reader one. */
  caption?: React.ReactNode;
  head: HeadCell[];
  sort?: TableSort;
  busy?: boolean;
  /** boxed: a bordered card of its own (settings); plain: inside a card that already has one. */
  variant?: keyof typeof HEAD_TONES;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    // Focusable and named so keyboard users can scroll it when it is wider than the screen.
    <div
      className={`${variant === "boxed" ? "overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm" : "relative overflow-x-auto"} ${className}`}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table
        className={variant === "boxed" ? "min-w-full divide-y divide-slate-200 text-sm" : "w-full text-left text-sm"}
        aria-busy={busy || undefined}
      >
        {caption ? (
          <caption className="mb-2 text-left text-xs text-slate-600">{caption}</caption>
        ) : (
          <caption className="sr-only">{label}</caption>
        )}
        <thead className={variant === "boxed" ? "bg-slate-50" : "border-b border-slate-200"}>
          <tr>
            {head.map((column) => (
              <HeaderCell key={column.key} column={column} sort={sort} variant={variant} />
            ))}
          </tr>
        </thead>
        <tbody className={variant === "boxed" ? "divide-y divide-slate-100" : undefined}>{children}</tbody>
      </table>
    </div>
  );
}

function HeaderCell({
  column,
  sort,
  variant,
}: {
  column: HeadCell;
  sort?: TableSort;
  variant: keyof typeof HEAD_TONES;
}) {
  const active = sort && column.sortable && sort.key === column.key ? sort.direction : null;
  const className = `${HEAD_TONES[variant]} ${column.wideOnly ? "hidden lg:table-cell" : ""} ${column.className ?? ""}`;
  const label = column.srOnly ? <span className="sr-only">{column.label}</span> : column.label;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (active === "asc" ? "ascending" : "descending") : undefined}
    >
      {sort && column.sortable ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
          onClick={() => sort.onSort(column.key)}
        >
          {label}
          <span aria-hidden>{active === "asc" ? "▲" : active === "desc" ? "▼" : "↕"}</span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}

export type Column<T> = HeadCell & {
  cell: (row: T) => React.ReactNode;
  /** The cell that names the row (a <th scope="row">). */
  rowHeader?: boolean;
  cellClassName?: string;
  /** In card mode: shown in the card's title line instead of the facts grid. */
  cardTitle?: boolean;
  /** In card mode: left out (actions get their own line). */
  cardHidden?: boolean;
  /** In card mode: spans the whole width of the facts grid. */
  cardWide?: boolean;
  /** In card mode: what to show instead of `cell` (a title that needs its label, "Nº 12"). */
  cardCell?: (row: T) => React.ReactNode;
};

export type TableSelection<T> = {
  isSelected: (row: T) => boolean;
  onToggle: (row: T) => void;
  /** "Selecionar …" for one row. */
  rowLabel: (row: T) => string;
};

/**
 * Rows described by columns. From 1024 px a table; below it (with `cards`) each row is a card: the title columns on
 * one line, the other facts in a grid, then `cardFooter` (the row's actions).
 */
export function DataTable<T>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  sort,
  selection,
  loading = false,
  busy,
  empty,
  rowClassName,
  cards = false,
  cardFooter,
  variant = "plain",
}: {
  label: string;
  caption?: React.ReactNode;
  columns: Array<Column<T>>;
  rows: T[] | undefined;
  rowKey: (row: T) => React.Key;
  sort?: TableSort;
  selection?: TableSelection<T>;
  loading?: boolean;
  busy?: boolean;
  /** What to say when there are no rows (nothing is drawn when omitted). */
  empty?: React.ReactNode;
  rowClassName?: (row: T) => string;
  cards?: boolean;
  cardFooter?: (row: T) => React.ReactNode;
  variant?: "boxed" | "plain";
}) {
  const t = useTranslations("common");
  if (loading || !rows) return <Spinner label={t("states.loading")} />;
  if (rows.length === 0) return empty ? <p className="text-sm text-slate-600">{empty}</p> : null;
  const cellBase = variant === "boxed" ? "px-3 py-2 align-middle" : "py-2 pr-3";
  const head: HeadCell[] = [
    ...(selection ? [{ key: "__select", label: t("table.select"), srOnly: true }] : []),
    ...columns,
  ];
  return (
    <>
      <TableFrame
        label={label}
        caption={caption}
        head={head}
        sort={sort}
        busy={busy}
        variant={variant}
        className={cards ? "hidden lg:block" : ""}
      >
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={`${variant === "plain" ? "border-b border-slate-100 align-top last:border-0" : ""} ${rowClassName?.(row) ?? ""}`}
          >
            {selection ? (
              <td className={cellBase}>
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={selection.isSelected(row)}
                  onChange={() => selection.onToggle(row)}
                  aria-label={selection.rowLabel(row)}
                />
              </td>
            ) : null}
            {columns.map((column) => {
              const className = `${cellBase} ${column.wideOnly ? "hidden lg:table-cell" : ""} ${column.cellClassName ?? ""}`;
              return column.rowHeader ? (
                <th key={column.key} scope="row" className={`${className} font-medium text-slate-900`}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.key} className={className}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </TableFrame>
      {cards ? <CardList label={label} columns={columns} rows={rows} rowKey={rowKey} footer={cardFooter} /> : null}
    </>
  );
}

/** Below 1024 px the same rows as cards: every fact and action visible without scrolling sideways. */
function CardList<T>({
  label,
  columns,
  rows,
  rowKey,
  footer,
}: {
  label: string;
  columns: Array<Column<T>>;
  rows: T[];
  rowKey: (row: T) => React.Key;
  footer?: (row: T) => React.ReactNode;
}) {
  const titles = columns.filter((column) => column.cardTitle);
  const facts = columns.filter((column) => !column.cardTitle && !column.cardHidden);
  return (
    <ul aria-label={label} className="space-y-3 lg:hidden">
      {rows.map((row) => (
        <li key={rowKey(row)} className="rounded-md border border-slate-200 p-3 text-sm">
          <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            {titles.map((column) => (
              <span key={column.key} className={column.rowHeader ? "font-semibold text-slate-900" : undefined}>
                {(column.cardCell ?? column.cell)(row)}
              </span>
            ))}
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
            {facts.map((column) => (
              <div key={column.key} className={column.cardWide ? "col-span-2 sm:col-span-3" : undefined}>
                <dt className="text-xs text-slate-600">{column.label}</dt>
                <dd className="break-words">{(column.cardCell ?? column.cell)(row)}</dd>
              </div>
            ))}
          </dl>
          {footer ? <div className="mt-3">{footer(row)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
