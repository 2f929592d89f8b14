"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "use-intl";
import type {
  DocumentListItem,
  FilterOptions,
  RevealedPersonalData,
  SortField,
} from "@/lib/documents/search-schema.ts";

type ProductColumn = FilterOptions["products"][number]["columns"][number];

const CELL = "px-2 py-2 align-top lg:px-3";
// Secondary columns give way on tablets (they stay filterable and are on the document page).
const FROM_LG = "hidden lg:table-cell";
const FROM_XL = "hidden xl:table-cell";

/** The page of documents. Columns follow the chosen product's columns; headers sort on the server. */
export function DocumentsTable({
  items,
  caption,
  productColumns,
  sort,
  direction,
  onSort,
  busy,
  selectable,
  selected,
  onSelectedChange,
  canReveal,
  revealed,
  revealingId,
  onToggleReveal,
}: {
  items: DocumentListItem[];
  caption: string;
  productColumns: ProductColumn[] | null;
  sort: SortField;
  direction: "asc" | "desc";
  onSort: (field: SortField) => void;
  busy: boolean;
  selectable: boolean;
  selected: Set<number>;
  onSelectedChange: (selected: Set<number>) => void;
  canReveal: boolean;
  revealed: Map<number, RevealedPersonalData>;
  revealingId: number | undefined;
  onToggleReveal: (id: number) => void;
}) {
  const t = useTranslations("documents.table");
  const format = useFormatter();
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = items.some((item) => selected.has(item.id));
  const dateTime = (iso: string) => ({
    date: format.dateTime(new Date(iso), { dateStyle: "short" }),
    time: format.dateTime(new Date(iso), { timeStyle: "short" }),
  });

  const sortHeader = (field: SortField, label: string) => {
    const active = sort === field;
    return (
      <th
        scope="col"
        className={`${CELL} whitespace-nowrap`}
        aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}
      >
        <button
          type="button"
          onClick={() => onSort(field)}
          className="inline-flex items-center gap-1 rounded font-semibold hover:text-brand-700"
          title={t("sortBy", { column: label })}
        >
          {label}
          <span aria-hidden className={active ? "text-brand-700" : "text-slate-400"}>
            {active ? (direction === "asc" ? "▲" : "▼") : "↕"}
          </span>
          {active ? <span className="sr-only">({direction === "asc" ? t("sortedAsc") : t("sortedDesc")})</span> : null}
        </button>
      </th>
    );
  };

  const plainHeader = (label: string, extra = "") => (
    <th scope="col" className={`${CELL} whitespace-nowrap font-semibold ${extra}`}>
      {label}
    </th>
  );

  const showColumn = (value: unknown, column: ProductColumn) => {
    if (value === null || value === undefined || value === "") return "—";
    if (column.type === "number" && (typeof value === "number" || /^-?\d+(\.\d+)?$/.test(String(value)))) {
      return format.number(Number(value), { maximumFractionDigits: 2 });
    }
    if (column.type === "date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) {
      const [year, month, day] = value.slice(0, 10).split("-");
      return `${day}/${month}/${year}`;
    }
    return typeof value === "string" ? value : JSON.stringify(value);
  };

  return (
    <div
      role="region"
      aria-label={t("region")}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <table className="min-w-full text-left text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {selectable ? (
              <th scope="col" className={`${CELL} w-8`}>
                <input
                  type="checkbox"
                  aria-label={t("selectAll")}
                  checked={allSelected}
                  ref={(element) => {
                    if (element) element.indeterminate = someSelected && !allSelected;
                  }}
                  onChange={() => {
                    const next = new Set(selected);
                    for (const item of items) {
                      if (allSelected) next.delete(item.id);
                      else next.add(item.id);
                    }
                    onSelectedChange(next);
                  }}
                  className="h-4 w-4"
                />
              </th>
            ) : null}
            {sortHeader("protocol", t("protocol"))}
            {plainHeader(t("cpf"))}
            {plainHeader(t("name"))}
            {sortHeader("status", t("status"))}
            {productColumns
              ? productColumns.map((column) => (
                  <th key={column.key} scope="col" className={`${CELL} whitespace-nowrap font-semibold`}>
                    {column.label}
                  </th>
                ))
              : plainHeader(t("product"), FROM_LG)}
            {plainHeader(t("modality"), productColumns ? FROM_XL : FROM_LG)}
            {sortHeader("created_at", t("createdAt"))}
            {sortHeader("sla_end", t("slaEnd"))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 ${busy ? "opacity-60" : ""}`}>
          {items.map((item) => {
            const personal = revealed.get(item.id);
            return (
              <tr key={item.id} className={selected.has(item.id) ? "bg-brand-50" : "hover:bg-slate-50"}>
                {selectable ? (
                  <td className={CELL}>
                    <input
                      type="checkbox"
                      aria-label={t("selectRow", { protocol: item.protocol })}
                      checked={selected.has(item.id)}
                      onChange={() => {
                        const next = new Set(selected);
                        if (next.has(item.id)) next.delete(item.id);
                        else next.add(item.id);
                        onSelectedChange(next);
                      }}
                      className="h-4 w-4"
                    />
                  </td>
                ) : null}
                <td className={`${CELL} whitespace-nowrap`}>
                  {/* No prefetch: a page of 25–100 rows would render as many document pages on the server. */}
                  <Link
                    href={`/documents/${item.id}`}
                    prefetch={false}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {item.protocol}
                  </Link>
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <span className="font-mono text-xs" data-testid="cpf">
                    {personal ? personal.cpf_formatted : item.cpf}
                  </span>
                  {item.cpf_kind !== "cpf" ? (
                    <span className="block text-xs text-slate-600">
                      {item.cpf_kind === "cnpj" ? t("cnpj") : t("invalidIdentifier")}
                    </span>
                  ) : null}
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <span data-testid="name">{(personal ? personal.name : item.name) ?? "—"}</span>
                  {personal?.email ? <span className="block text-xs text-slate-600">{personal.email}</span> : null}
                  {personal?.phone ? <span className="block text-xs text-slate-600">{personal.phone}</span> : null}
                  {/* Revealing concerns this cell's and the CPF's data, so the control sits with them. */}
                  {canReveal ? (
                    <button
                      type="button"
                      onClick={() => onToggleReveal(item.id)}
                      disabled={revealingId === item.id}
                      aria-label={
                        personal
                          ? t("hideLabel", { protocol: item.protocol })
                          : t("revealLabel", { protocol: item.protocol })
                      }
                      className="mt-1 block rounded border border-slate-300 px-1.5 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-100 disabled:text-slate-400"
                    >
                      {personal ? t("hide") : t("reveal")}
                    </button>
                  ) : null}
                </td>
                <td className={`${CELL} max-w-36 lg:max-w-none lg:whitespace-nowrap`}>
                  {/* The status's own colours; long names wrap on tablets instead of widening the table. */}
                  <span
                    className="inline-block rounded-xl px-2.5 py-0.5 text-xs font-semibold leading-snug"
                    style={{ color: item.status.text_color, backgroundColor: item.status.bg_color }}
                  >
                    {item.status.name}
                  </span>
                  <span className="sr-only"> ({item.status.category.label})</span>
                </td>
                {productColumns ? (
                  productColumns.map((column) => (
                    <td key={column.key} className={`${CELL} whitespace-nowrap`}>
                      {showColumn(item.columns[column.key], column)}
                    </td>
                  ))
                ) : (
                  <td className={`${CELL} whitespace-nowrap ${FROM_LG}`}>{item.product.name}</td>
                )}
                <td className={`${CELL} whitespace-nowrap ${productColumns ? FROM_XL : FROM_LG}`}>
                  {item.modality?.identifier ?? "—"}
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <DateTime value={dateTime(item.created_at)} />
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <SlaCell
                    item={item}
                    format={dateTime}
                    labels={{ late: t("late"), inSla: t("inSla"), noSla: t("noSla") }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function DateTime({ value }: { value: { date: string; time: string } }) {
  return (
    <>
      <span className="block">{value.date}</span>
      <span className="block text-xs text-slate-600">{value.time}</span>
    </>
  );
}

function SlaCell({
  item,
  format,
  labels,
}: {
  item: DocumentListItem;
  format: (iso: string) => { date: string; time: string };
  labels: { late: string; inSla: string; noSla: string };
}) {
  if (!item.sla_end) return <span className="text-slate-600">{labels.noSla}</span>;
  const late = item.sla_state === "late";
  return (
    <>
      <DateTime value={format(item.sla_end)} />
      <span className={`block text-xs font-semibold ${late ? "text-red-700" : "text-green-800"}`}>
        {late ? <span aria-hidden>⚠ </span> : null}
        {late ? labels.late : labels.inSla}
      </span>
    </>
  );
}
