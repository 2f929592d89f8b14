import { useId } from "react";

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
        <div role="img" aria-label={`${title}. ${tableLabel}.`} className="mt-3 h-64 w-full">
          {chart}
        </div>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer py-3 font-medium text-brand-700 lg:py-0">{tableLabel}</summary>
        {/* Focusable so keyboard users can scroll a wide table on a narrow screen. */}
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={`${tableLabel}: ${title}`}>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={`px-2 py-1 font-semibold text-slate-700 ${column.numeric ? "text-right" : ""}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={rowKey(row, index)} className="border-b border-slate-100">
                  {columns.map((column, columnIndex) =>
                    columnIndex === 0 ? (
                      <th key={column.label} scope="row" className="px-2 py-1 font-normal">
                        {column.value(row)}
                      </th>
                    ) : (
                      <td key={column.label} className={`px-2 py-1 ${column.numeric ? "text-right tabular-nums" : ""}`}>
                        {column.value(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
