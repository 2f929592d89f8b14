"use client";

import Link from "next/link";
import { useMemo } from "react";
import { useFormatter, useTranslations } from "use-intl";
import type {
  DocumentListItem,
  FilterOptions,
  RevealedPersonalData,
  SortField,
} from "@/lib/documents/search-schema.ts";
import { Badge } from "@/components/ui/badge.tsx";
import { DataTable, type Column } from "@/components/ui/table.tsx";
import { SlaBadge } from "./sla-badge.tsx";
import type { ListView } from "./use-list-view.ts";

type ProductColumn = FilterOptions["products"][number]["columns"][number];

// Every column the user ticks in "Exibição" is drawn: past the screen's width the table scrolls sideways inside its
// own keyboard-reachable region (components/ui/table-frame.tsx) instead of a width rule hiding a column that the
// chooser still shows as ticked. The SLA deadline comes right after the status, so a tablet shows it without
// scrolling; below 768 px the rows are cards.

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
  onTake,
  linkQuery = "",
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
  /** "Assumir" on an unassigned open row (staff with a user only): a finished or cancelled case has nobody to take it. */
  onTake?: (item: DocumentListItem) => void;
  /** The list's query string, carried to the document page (back, previous/next: components/document/list-navigation). */
  linkQuery?: string;
}) {
  const t = useTranslations("documents.table");
  const ta = useTranslations("operator.assign");
  const to = useTranslations("operator");
  const tf = useTranslations("document.messages");
  const format = useFormatter();
  // One row height per density (every cell one line: long values are cut with "…" and shown whole in a tooltip);
  // compact is 32 px a row, comfortable 48 px.
  const cell =
    view.density === "compact"
      ? "h-8 px-1.5 py-0 align-middle text-[13px] leading-tight lg:px-2"
      : "h-12 px-1.5 py-2 align-middle lg:px-3";
  const selectedKeys = useMemo(() => new Set([...selected].map(String)), [selected]);
  // The user's hidden columns; "Produto" stands for the product's own columns when one product is chosen.
  const hiddenColumns = useMemo(
    () => [
      ...view.hidden,
      ...(view.hidden.includes("product") ? (productColumns ?? []).map((column) => `column:${column.key}`) : []),
    ],
    [view.hidden, productColumns],
  );
  const dateTime = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" });

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

  const columns: Array<Column<DocumentListItem>> = [
    {
      key: "protocol",
      label: t("protocol"),
      sortable: true,
      cardTitle: true,
      cellClassName: "whitespace-nowrap",
      cell: (item) => (
        // No prefetch: a page of 25–100 rows would render as many document pages on the server.
        <Link
          href={`/documents/${item.id}${linkQuery ? `?${linkQuery}` : ""}`}
          prefetch={false}
          data-row-link
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {item.protocol}
          {item.customer_unread ? (
            <span
              data-testid="customer-replied"
              className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
            >
              {to("repliedMarker")}
            </span>
          ) : null}
          {item.email_failure ? (
            <span
              data-testid="email-failed"
              title={tf(`failure.${item.email_failure}`)}
              className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900"
            >
              {to("emailFailedMarker")}
            </span>
          ) : null}
        </Link>
      ),
    },
    {
      key: "name",
      label: t("name"),
      cardWide: true,
      cellClassName: "max-w-36 truncate whitespace-nowrap lg:max-w-56",
      cell: (item) => {
        const personal = revealed.get(item.id);
        return (
          <>
            <span data-testid="name" title={(personal ? personal.name : item.name) ?? undefined}>
              {(personal ? personal.name : item.name) ?? "—"}
            </span>
            {personal?.email ? <span className="block text-xs text-slate-600">{personal.email}</span> : null}
            {personal?.phone ? <span className="block text-xs text-slate-600">{personal.phone}</span> : null}
          </>
        );
      },
    },
    {
      key: "cpf",
      label: t("cpf"),
      cellClassName: "whitespace-nowrap",
      cell: (item) => {
        const personal = revealed.get(item.id);
        return (
          <>
            <span className="font-mono text-xs" data-testid="cpf">
              {personal ? personal.cpf_formatted : item.cpf}
            </span>
            {item.cpf_kind !== "cpf" ? (
              <span className="ml-1 text-xs text-slate-600">
                {item.cpf_kind === "cnpj" ? t("cnpj") : t("invalidIdentifier")}
              </span>
            ) : null}
          </>
        );
      },
    },
    {
      key: "status",
      label: t("status"),
      sortable: true,
      cardTitle: true,
      cellClassName: "max-w-28 lg:max-w-none lg:whitespace-nowrap",
      cell: (item) => (
        <>
          {/* The status's own colours; long names wrap on tablets instead of widening the table. */}
          <Badge
            color={item.status.text_color}
            background={item.status.bg_color}
            className="inline-block! rounded-xl! whitespace-normal! leading-snug lg:whitespace-nowrap!"
          >
            {item.status.name}
          </Badge>
          <span className="sr-only"> ({item.status.category.label})</span>
        </>
      ),
    },
    {
      key: "sla_end",
      label: t("slaEnd"),
      sortable: true,
      cellClassName: "whitespace-nowrap",
      cell: (item) => <SlaBadge item={item} now={now} />,
    },
    {
      key: "assignee",
      label: ta("column"),
      cellClassName: "max-w-44 truncate whitespace-nowrap",
      cell: (item) =>
        item.assignee ? (
          <span title={item.assignee.name} data-testid="assignee">
            {item.assignee.name}
          </span>
        ) : onTake && item.status.category.kind !== "finished" ? (
          <button
            type="button"
            onClick={() => onTake(item)}
            aria-label={ta("takeRow", { protocol: item.protocol })}
            className="rounded-md border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-brand-800 hover:bg-brand-50"
          >
            {ta("take")}
          </button>
        ) : (
          <span className="text-slate-500" data-testid="assignee">
            —<span className="sr-only"> {ta("nobody")}</span>
          </span>
        ),
    },
    ...(productColumns
      ? productColumns.map((column): Column<DocumentListItem> => ({
          key: `column:${column.key}`,
          label: column.label,
          cellClassName: "max-w-40 truncate whitespace-nowrap",
          cell: (item) => {
            const shown = showColumn(item.columns[column.key], column);
            return <span title={shown}>{shown}</span>;
          },
        }))
      : [
          {
            key: "product",
            label: t("product"),
            cellClassName: "whitespace-nowrap",
            cell: (item: DocumentListItem) => item.product.name,
          },
        ]),
    {
      key: "modality",
      label: t("modality"),
      cellClassName: "whitespace-nowrap",
      cell: (item) => item.modality?.identifier ?? "—",
    },
    {
      key: "created_at",
      label: t("createdAt"),
      sortable: true,
      cellClassName: "whitespace-nowrap",
      cell: (item) => dateTime(item.created_at),
    },
  ];

  return (
    <DataTable
      label={t("region")}
      srCaption={caption}
      variant="grid"
      cellClassName={cell}
      tableAttributes={{ "data-density": view.density }}
      bodyClassName={busy ? "opacity-60" : ""}
      busy={busy}
      columns={columns}
      rows={items}
      cards
      cardsBelow="md"
      rowKey={(item) => item.id}
      rowAttributes={(item) => ({ "data-document-row": item.id })}
      rowClassName={(item) => `focus-within:bg-brand-50 ${selected.has(item.id) ? "bg-brand-50" : "hover:bg-slate-50"}`}
      sort={{ key: sort, direction, onSort: (key) => onSort(key as SortField) }}
      hiddenColumns={hiddenColumns}
      selection={
        selectable
          ? {
              selected: selectedKeys,
              onChange: (next) => onSelectedChange(new Set([...next].map(Number))),
              rowLabel: (item) => t("selectRow", { protocol: item.protocol }),
              allLabel: t("selectAll"),
            }
          : undefined
      }
    />
  );
}
