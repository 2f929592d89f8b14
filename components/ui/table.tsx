"use client";
// DataTable: rows described by columns, drawn in the kit's TableFrame — sorting, selection, loading and empty states,
// and cards below 1024 px so a tablet never scrolls sideways for the facts staff need.
import { useTranslations } from "use-intl";
import { Spinner } from "./feedback.tsx";
import { STYLES, TableFrame, type FrameProps, type HeadCell, type SelectAll } from "./table-frame.tsx";

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
