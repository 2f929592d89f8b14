import { useId } from "react";
import { DataTable, type Column as TableColumn } from "@/components/ui/table.tsx";

export type Column<Row> = {
  label: string;
  value: (row: Row) => React.ReactNode;
  numeric?: boolean;
};

/**
 * A chart with its numbers: the drawing is one labelled image for assistive technology, and the same numbers are
 * one click away as a real table ("Ver tabela"), which screen readers and keyboard users read instead.
 */
export function ChartCard<Row>({
  title,
  description,
  chart,
  columns,
  rows,
  rowKey,
  tableLabel,
  empty,
  isEmpty = rows.length === 0,
}: {
  title: string;
  description?: string;
  chart: React.ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  tableLabel: string;
  /** Shown instead of the drawing when there is nothing to draw. */
  empty?: string;
  /** Nothing to draw (default: no rows); e.g. a histogram whose buckets are all zero. */
  isEmpty?: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-xs text-slate-600">{description}</p> : null}
      {empty && isEmpty ? (
        <p className="mt-3 flex h-64 items-center justify-center rounded-md bg-slate-50 px-4 text-center text-sm text-slate-600">
          {empty}
        </p>
      ) : (
        <div role="img" aria-label={`${title}. ${tableLabel}.`} className="mt-3 h-64 w-full overflow-hidden">
          {chart}
        </div>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer py-3 font-medium text-brand-700 lg:py-0">{tableLabel}</summary>
        <DataTable
          className="mt-2"
          label={`${tableLabel}: ${title}`}
          srCaption={title}
          variant="compact"
          rows={rows.map((row, index) => ({ row, index }))}
          rowKey={({ row, index }) => rowKey(row, index)}
          empty={empty}
          columns={columns.map((column, columnIndex): TableColumn<{ row: Row; index: number }> => ({
            key: column.label,
            label: column.label,
            rowHeader: columnIndex === 0,
            className: column.numeric ? "text-right" : "",
            cellClassName: columnIndex === 0 ? "font-normal!" : column.numeric ? "text-right tabular-nums" : "",
            cell: ({ row }) => column.value(row),
          }))}
        />
      </details>
    </section>
  );
}
