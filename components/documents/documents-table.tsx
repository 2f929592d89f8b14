"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "use-intl";
import type {
  DocumentListItem,
  FilterOptions,
  RevealedPersonalData,
  SortField,
} from "@/lib/documents/search-schema.ts";
import { SlaBadge } from "./sla-badge.tsx";
import type { ListView, OptionalColumn } from "./use-list-view.ts";

type ProductColumn = FilterOptions["products"][number]["columns"][number];

// Column priority: protocol, customer, identifier, status and the SLA deadline stay on a tablet (768 px) without
// sideways scrolling; product, modality and creation give way below laptop width (they are on the document page).
const FROM_LG = "hidden lg:table-cell";
// With a product's columns shown, modality and creation date leave room for them up to wide screens.
const FROM_2XL = "hidden 2xl:table-cell";

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
  revealed,
  view,
  now,
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
  revealed: Map<number, RevealedPersonalData>;
  view: ListView;
  now: number;
}) {
  const t = useTranslations("documents.table");
  const format = useFormatter();
  const cell = view.density === "compact" ? "px-1.5 py-1 align-middle lg:px-3" : "px-1.5 py-2.5 align-middle lg:px-3";
  const secondary = productColumns ? FROM_2XL : FROM_LG;
  const shows = (column: OptionalColumn) => !view.hidden.includes(column);
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = items.some((item) => selected.has(item.id));
  const dateTime = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" });

  const sortHeader = (field: SortField, label: string, extra = "") => {
    const active = sort === field;
    return (
      <th
        scope="col"
        className={`${cell} whitespace-nowrap ${extra}`}
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
    <th scope="col" className={`${cell} whitespace-nowrap font-semibold ${extra}`}>
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
      <table className="min-w-full text-left text-sm" aria-busy={busy} data-density={view.density}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {selectable ? (
              <th scope="col" className={`${cell} w-8`}>
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
            {shows("name") ? plainHeader(t("name")) : null}
            {shows("cpf") ? plainHeader(t("cpf")) : null}
            {sortHeader("status", t("status"))}
            {shows("sla_end") ? sortHeader("sla_end", t("slaEnd")) : null}
            {shows("product")
              ? productColumns
                ? productColumns.map((column) => (
                    <th key={column.key} scope="col" className={`${cell} whitespace-nowrap font-semibold ${FROM_LG}`}>
                      {column.label}
                    </th>
                  ))
                : plainHeader(t("product"), FROM_LG)
              : null}
            {shows("modality") ? plainHeader(t("modality"), secondary) : null}
            {shows("created_at") ? sortHeader("created_at", t("createdAt"), secondary) : null}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 ${busy ? "opacity-60" : ""}`}>
          {items.map((item) => {
            const personal = revealed.get(item.id);
            return (
              <tr
                key={item.id}
                data-document-row={item.id}
                className={`focus-within:bg-brand-50 ${selected.has(item.id) ? "bg-brand-50" : "hover:bg-slate-50"}`}
              >
                {selectable ? (
                  <td className={cell}>
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
                <td className={`${cell} whitespace-nowrap`}>
                  {/* No prefetch: a page of 25–100 rows would render as many document pages on the server. */}
                  <Link
                    href={`/documents/${item.id}`}
                    prefetch={false}
                    data-row-link
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {item.protocol}
                  </Link>
                </td>
                {shows("name") ? (
                  <td className={`${cell} max-w-36 truncate lg:max-w-64`}>
                    <span data-testid="name">{(personal ? personal.name : item.name) ?? "—"}</span>
                    {personal?.email ? <span className="block text-xs text-slate-600">{personal.email}</span> : null}
                    {personal?.phone ? <span className="block text-xs text-slate-600">{personal.phone}</span> : null}
                  </td>
                ) : null}
                {shows("cpf") ? (
                  <td className={`${cell} whitespace-nowrap`}>
                    <span className="font-mono text-xs" data-testid="cpf">
                      {personal ? personal.cpf_formatted : item.cpf}
                    </span>
                    {item.cpf_kind !== "cpf" ? (
                      <span className="ml-1 text-xs text-slate-600">
                        {item.cpf_kind === "cnpj" ? t("cnpj") : t("invalidIdentifier")}
                      </span>
                    ) : null}
                  </td>
                ) : null}
                <td className={`${cell} max-w-28 lg:max-w-none lg:whitespace-nowrap`}>
                  {/* The status's own colours; long names wrap on tablets instead of widening the table. */}
                  <span
                    className="inline-block rounded-xl px-2.5 py-0.5 text-xs font-semibold leading-snug"
                    style={{ color: item.status.text_color, backgroundColor: item.status.bg_color }}
                  >
                    {item.status.name}
                  </span>
                  <span className="sr-only"> ({item.status.category.label})</span>
                </td>
                {shows("sla_end") ? (
                  <td className={`${cell} whitespace-nowrap`}>
                    <SlaBadge item={item} now={now} />
                  </td>
                ) : null}
                {shows("product") ? (
                  productColumns ? (
                    productColumns.map((column) => (
                      <td key={column.key} className={`${cell} whitespace-nowrap ${FROM_LG}`}>
                        {showColumn(item.columns[column.key], column)}
                      </td>
                    ))
                  ) : (
                    <td className={`${cell} whitespace-nowrap ${FROM_LG}`}>{item.product.name}</td>
                  )
                ) : null}
                {shows("modality") ? (
                  <td className={`${cell} whitespace-nowrap ${secondary}`}>{item.modality?.identifier ?? "—"}</td>
                ) : null}
                {shows("created_at") ? (
                  <td className={`${cell} whitespace-nowrap ${secondary}`}>{dateTime(item.created_at)}</td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
