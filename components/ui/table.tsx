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

/**
 * boxed: a bordered card of its own (settings, the documents list); plain: inside a card that already has one.
 * `cell` is the padding of every cell, header or body (the documents list passes its density's instead).
 */
const STYLES = {
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

type FrameProps = {
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

type SelectAll = { checked: boolean; indeterminate: boolean; onToggle: () => void; label: string };

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
  /** Select or clear every row shown, from the header (labelled `allLabel`). */
  onToggleAll?: (select: boolean) => void;
  allLabel?: string;
};

type DataTableProps<T> = Omit<FrameProps, "head" | "selectAll" | "children"> & {
  columns: Array<Column<T>>;
  rows: T[] | undefined;
  rowKey: (row: T) => React.Key;
  selection?: TableSelection<T>;
  loading?: boolean;
  /** What to say when there are no rows (nothing is drawn when omitted). */
  empty?: React.ReactNode;
  rowClassName?: (row: T) => string;
  /** Extra attributes of a row (`data-*` for the page's keyboard navigation and tests). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string | number>;
  cards?: boolean;
  cardFooter?: (row: T) => React.ReactNode;
};

/**
 * Rows described by columns. From 1024 px a table; below it (with `cards`) each row is a card: the title columns on
 * one line, the other facts in a grid, then `cardFooter` (the row's actions).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  selection,
  loading = false,
  empty,
  rowClassName,
  rowAttributes,
  cards = false,
  cardFooter,
  variant = "plain",
  className = "",
  ...frame
}: DataTableProps<T>) {
  const t = useTranslations("common");
  if (loading || !rows) return <Spinner label={t("states.loading")} />;
  if (rows.length === 0) return empty ? <p className="text-sm text-slate-600">{empty}</p> : null;
  const style = STYLES[variant];
  const cell = frame.cellClassName ?? style.cell;
  const allSelected = rows.every((row) => selection?.isSelected(row));
  const selectAll: SelectAll | undefined =
    selection?.onToggleAll && selection.allLabel
      ? {
          checked: allSelected,
          indeterminate: !allSelected && rows.some((row) => selection.isSelected(row)),
          onToggle: () => selection.onToggleAll!(!allSelected),
          label: selection.allLabel,
        }
      : undefined;
  const head: HeadCell[] = [
    ...(selection && !selectAll ? [{ key: "__select", label: t("table.select"), srOnly: true }] : []),
    ...columns,
  ];
  return (
    <>
      <TableFrame
        {...frame}
        head={head}
        selectAll={selectAll}
        variant={variant}
        className={`${cards ? "hidden lg:block" : ""} ${className}`}
      >
        {rows.map((row) => (
          <tr key={rowKey(row)} className={`${style.row} ${rowClassName?.(row) ?? ""}`} {...rowAttributes?.(row)}>
            {selection ? (
              <td className={cell}>
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
              const className = `${cell} ${column.wideOnly ? "hidden lg:table-cell" : ""} ${column.cellClassName ?? ""}`;
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
      {cards ? (
        <CardList label={frame.label} columns={columns} rows={rows} rowKey={rowKey} footer={cardFooter} />
      ) : null}
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
