"use client";

import { useTranslations } from "use-intl";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { Pagination } from "@/components/ui/pagination.tsx";
import { DataTable, type Column } from "@/components/ui/table.tsx";
import { UpdatedAgo } from "@/components/live/updated-ago.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";

/** What the card reads of a list query (TanStack Query's result): one page of rows and the total. */
type PagedQuery<Data extends { items: Row[]; total: number }, Row> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: Data | undefined;
  dataUpdatedAt: number;
};

/**
 * The list card of the LGPD pages (the requests list, the officer's inbox): loading and error states, the count line
 * with when it was last refreshed, the table (cards below 1024 px) and the pages. Each view keeps its own columns,
 * filters and count sentence; this draws what they share.
 */
export function RequestListCard<Row, Data extends { items: Row[]; total: number }>({
  query,
  pageSize,
  page,
  onPage,
  results,
  note,
  label,
  columns,
  rowKey,
  cardFooter,
}: {
  query: PagedQuery<Data, Row>;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  /** The count line ("3 solicitações"), from the loaded page. */
  results: (data: Data) => React.ReactNode;
  /** A line under the count (what the deadline means). */
  note?: React.ReactNode;
  label: string;
  columns: Array<Column<Row>>;
  rowKey: (row: Row) => React.Key;
  cardFooter?: (row: Row) => React.ReactNode;
}) {
  const tc = useTranslations("common");
  const errorText = useErrorText();
  if (query.isPending) {
    return (
      <Card>
        <Spinner label={tc("states.loading")} />
      </Card>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Card>
        <Alert>{tc("states.error", { message: errorText.text(query.error) })}</Alert>
      </Card>
    );
  }
  const pages = Math.max(1, Math.ceil(query.data.total / pageSize));
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p role="status" className="text-sm font-medium text-slate-700">
          {results(query.data)}
        </p>
        <UpdatedAgo updatedAt={query.dataUpdatedAt} fetching={query.isFetching} />
      </div>
      {note ? <p className="mb-3 text-xs text-slate-600">{note}</p> : null}
      <DataTable
        label={label}
        columns={columns}
        rows={query.data.items}
        rowKey={rowKey}
        busy={query.isFetching}
        cards
        cardFooter={cardFooter}
      />
      {pages > 1 ? (
        <div className="mt-4">
          <Pagination page={page} pages={pages} onPage={onPage} />
        </div>
      ) : null}
    </Card>
  );
}
