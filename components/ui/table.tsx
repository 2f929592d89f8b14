"use client";
// DataTable: rows described by columns (TanStack Table's model), drawn in the kit's TableFrame — sorting, selection,
// column visibility, loading and empty states,
// and cards below 1024 px (or 768 px) so a tablet or phone never scrolls sideways for the facts staff need.
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { Spinner } from "./feedback.tsx";
import { STYLES, TableFrame, type FrameProps, type HeadCell, type SelectAll, type TableSort } from "./table-frame.tsx";

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

/** Row selection, controlled by the page: the selected rows' keys (the page keeps them across pages of a list). */
export type TableSelection<T> = {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** "Selecionar …" for one row. */
  rowLabel: (row: T) => string;
  /** With it, a header checkbox selects or clears every row shown. */
  allLabel?: string;
};

type DataTableProps<T> = Omit<FrameProps, "head" | "selectAll" | "children" | "sort"> & {
  columns: Array<Column<T>>;
  rows: T[] | undefined;
  rowKey: (row: T) => React.Key;
  selection?: TableSelection<T>;
  /** The server's order (the page keeps it in its URL): headers of `sortable` columns ask for another. */
  sort?: TableSort;
  /** Keys of columns not shown (the user's choice). */
  hiddenColumns?: readonly string[];
  loading?: boolean;
  /** What to say when there are no rows (nothing is drawn when omitted). */
  empty?: React.ReactNode;
  rowClassName?: (row: T) => string;
  /** Extra attributes of a row (`data-*` for the page's keyboard navigation and tests). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string | number>;
  cards?: boolean;
  /** Where the cards give way to the table: 1024 px (the default: settings lists) or 768 px (a list that scrolls
   * sideways on a tablet rather than turning into cards, as the documents queue). */
  cardsBelow?: "lg" | "md";
  cardFooter?: (row: T) => React.ReactNode;
};

// Whole class names (Tailwind reads them from the source): the table from the breakpoint up, the cards below it.
const CARD_BREAKPOINTS = {
  lg: { table: "hidden lg:block", cards: "lg:hidden" },
  md: { table: "hidden md:block", cards: "md:hidden" },
} as const;

/**
 * Rows described by columns, on TanStack Table (@tanstack/react-table): its model holds the visible columns, the
 * sorting state (manual: the server sorts, the page keeps it in its URL) and the row selection; TableFrame draws it.
 * From 1024 px a table; below it (with `cards`) each row is a card: the title columns on one line, the other facts in
 * a grid, then `cardFooter` (the row's actions).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  selection,
  sort,
  hiddenColumns,
  loading = false,
  empty,
  rowClassName,
  rowAttributes,
  cards = false,
  cardsBelow = "lg",
  cardFooter,
  variant = "plain",
  className = "",
  ...frame
}: DataTableProps<T>) {
  const t = useTranslations("common");
  const columnDefs = useMemo(
    () =>
      columns.map((column): ColumnDef<T> => ({
        id: column.key,
        header: () => column.label,
        cell: (context) => column.cell(context.row.original),
        enableSorting: Boolean(column.sortable),
        meta: column,
      })),
    [columns],
  );
  const visibility = useMemo(
    () => Object.fromEntries((hiddenColumns ?? []).map((key) => [key, false])) as VisibilityState,
    [hiddenColumns],
  );
  const rowSelection = useMemo(
    () => Object.fromEntries([...(selection?.selected ?? [])].map((key) => [key, true])) as RowSelectionState,
    [selection?.selected],
  );
  const sorting: SortingState = sort ? [{ id: sort.key, desc: sort.direction === "desc" }] : [];
  const table = useReactTable<T>({
    data: rows ?? NO_ROWS,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
    manualSorting: true,
    enableSortingRemoval: false,
    enableRowSelection: Boolean(selection),
    state: { columnVisibility: visibility, rowSelection, sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const column = next[0]?.id ?? sort?.key;
      if (column) sort?.onSort(column);
    },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === "function" ? updater(rowSelection) : updater;
      selection?.onChange(new Set(Object.keys(next).filter((key) => next[key])));
    },
  });

  if (loading || !rows) return <Spinner label={t("states.loading")} />;
  if (rows.length === 0) return empty ? <p className="text-sm text-slate-600">{empty}</p> : null;
  const style = STYLES[variant];
  const cell = frame.cellClassName ?? style.cell;
  const visibleColumns = table.getVisibleLeafColumns().map((column) => column.columnDef.meta as Column<T>);
  const selectAll: SelectAll | undefined = selection?.allLabel
    ? {
        checked: table.getIsAllRowsSelected(),
        // Only this page's rows: TanStack's own "some selected" counts keys kept from other pages too.
        indeterminate: !table.getIsAllRowsSelected() && table.getRowModel().rows.some((row) => row.getIsSelected()),
        onToggle: () => table.toggleAllRowsSelected(!table.getIsAllRowsSelected()),
        label: selection.allLabel,
      }
    : undefined;
  const head: HeadCell[] = [
    ...(selection && !selectAll ? [{ key: "__select", label: t("table.select"), srOnly: true }] : []),
    ...visibleColumns,
  ];
  const frameSort: TableSort | undefined = sort
    ? {
        ...sort,
        onSort: (key) => table.getColumn(key)?.toggleSorting(sort.key === key ? sort.direction === "asc" : false),
      }
    : undefined;
  return (
    <>
      <TableFrame
        {...frame}
        head={head}
        sort={frameSort}
        selectAll={selectAll}
        variant={variant}
        className={`${cards ? CARD_BREAKPOINTS[cardsBelow].table : ""} ${className}`}
      >
        {table.getRowModel().rows.map((row) => (
          <tr
            key={row.id}
            className={`${style.row} ${rowClassName?.(row.original) ?? ""}`}
            {...rowAttributes?.(row.original)}
          >
            {selection ? (
              <td className={cell}>
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                  aria-label={selection.rowLabel(row.original)}
                />
              </td>
            ) : null}
            {row.getVisibleCells().map((tableCell) => {
              const column = tableCell.column.columnDef.meta as Column<T>;
              const className = `${cell} ${column.wideOnly ? "hidden lg:table-cell" : ""} ${column.cellClassName ?? ""}`;
              // A plain call, not flexRender: flexRender renders a function cell as a component, and the callers'
              // columns (built in render) give it a new identity each render, so React re-mounted every cell — an
              // input or button lost its focus whenever the page re-rendered (a refetch after a save).
              const content = column.cell(row.original);
              return column.rowHeader ? (
                <th key={tableCell.id} scope="row" className={`${className} font-medium text-slate-900`}>
                  {content}
                </th>
              ) : (
                <td key={tableCell.id} className={className}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </TableFrame>
      {cards ? (
        <CardList
          label={frame.label}
          columns={visibleColumns}
          rows={rows}
          rowKey={rowKey}
          footer={cardFooter}
          className={CARD_BREAKPOINTS[cardsBelow].cards}
        />
      ) : null}
    </>
  );
}

const NO_ROWS: never[] = [];

/** Below the breakpoint the same rows as cards: every fact and action visible without scrolling sideways. */
function CardList<T>({
  label,
  columns,
  rows,
  rowKey,
  footer,
  className,
}: {
  label: string;
  columns: Array<Column<T>>;
  rows: T[];
  rowKey: (row: T) => React.Key;
  footer?: (row: T) => React.ReactNode;
  className: string;
}) {
  const titles = columns.filter((column) => column.cardTitle);
  const facts = columns.filter((column) => !column.cardTitle && !column.cardHidden);
  return (
    <ul aria-label={label} className={`space-y-3 ${className}`}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
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
