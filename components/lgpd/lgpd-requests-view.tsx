"use client";

import Link from "next/link";
import { useQueryStates } from "nuqs";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { type Column } from "@/components/ui/table.tsx";
import { useServerErrors } from "@/components/ui/server-errors.ts";
import { useNow } from "@/components/live/updated-ago.tsx";
import { useLgpdRequests, type LgpdRequestFilters, type SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";
import { LGPD_REQUEST_STATUSES, lgpdRequestsUrl } from "@/lib/lgpd/requests-url.ts";
import { shownStatus, type LgpdShownStatus } from "@/lib/lgpd/shown-status.ts";
import { DeadlineBadge } from "./deadline-badge.tsx";
import { DetailsSummary } from "./details-summary.tsx";
import { LgpdStatusBadge } from "./lgpd-status-badge.tsx";
import { RequestListCard } from "./request-list-card.tsx";
import { ReviewNote } from "./steering-panels.tsx";
import { ReopenDialog } from "./reopen-dialog.tsx";
import { RetryDialog } from "./retry-dialog.tsx";
import { useDateTime } from "./use-date-time.ts";

const STATUSES: readonly LgpdShownStatus[] = LGPD_REQUEST_STATUSES;
const PAGE_SIZE = 20;

/**
 * The LGPD page: every deletion request of the instance, filtered, paged, with receipts, the retry of failed ones and
 * the reopening of denied ones (two different acts: a failure is retried, a decision is only reopened on purpose),
 * each with its legal deadline (`deadlineDays` after the request). The list refreshes itself while the tab is visible.
 */
export function LgpdRequestsView({ deadlineDays }: { deadlineDays: number }) {
  const t = useTranslations("lgpd");
  const when = useDateTime();
  // Status, period and page in the URL (typed by nuqs parsers); the CPF never (lib/lgpd/requests-url.ts).
  const [url, setUrl] = useQueryStates(lgpdRequestsUrl, { history: "push", scroll: false });
  // The CPF only in this component's memory ("o CPF digitado não é guardado"): a reload forgets it.
  const [cpf, setCpf] = useState<string | null>(null);
  const filters: LgpdRequestFilters = {
    status: url.status,
    from: url.from,
    to: url.to,
    cpf,
    page: url.page,
    page_size: PAGE_SIZE,
  };
  const [cpfError, setCpfError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<SerializedLgpdRequest | null>(null);
  const [reopening, setReopening] = useState<SerializedLgpdRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useLgpdRequests(filters);
  // A filter the server refuses (an end before the start) is marked on its field.
  const filterErrors = useServerErrors(query.error);
  const now = useNow(30_000);

  function apply(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim() || null;
    const cpf = text("cpf");
    if (cpf && !isValidCpf(cpf)) {
      setCpfError(t("retry.invalidCpf"));
      return;
    }
    setCpfError(null);
    setNotice(null);
    const status = text("status");
    setCpf(cpf);
    void setUrl({
      status: STATUSES.find((known) => known === status) ?? null,
      from: text("from"),
      to: text("to"),
      page: null,
    });
  }

  // The native reset empties the fields; the URL and the CPF follow.
  function clear() {
    setCpfError(null);
    setNotice(null);
    setCpf(null);
    void setUrl(null);
  }

  const columns: Array<Column<SerializedLgpdRequest>> = [
    {
      key: "id",
      label: t("columns.id"),
      rowHeader: true,
      cardTitle: true,
      cell: (request) => request.id,
      cardCell: (request) => `${t("columns.id")} ${request.id}`,
    },
    {
      key: "cpf",
      label: t("columns.cpf"),
      cardTitle: true,
      cellClassName: "whitespace-nowrap font-mono text-xs",
      cell: (request) => <span className="font-mono text-xs">{request.cpf_masked}</span>,
    },
    {
      key: "status",
      label: t("columns.status"),
      cardTitle: true,
      cell: (request) => (
        <span className="inline-flex flex-col gap-1">
          <LgpdStatusBadge status={request.status} review={request.review} />
          <ReviewNote row={request} />
        </span>
      ),
    },
    { key: "requested", label: t("columns.requestedAt"), cell: (request) => when(request.requested_at) },
    {
      key: "deadline",
      label: t("deadline.column"),
      cell: (request) => <DeadlineBadge request={request} days={deadlineDays} now={now} />,
    },
    {
      key: "processed",
      label: t("columns.processedAt"),
      cell: (request) => when(request.processed_at, t("notProcessed")),
    },
    {
      key: "attempts",
      label: t("columns.attempts"),
      className: "text-right",
      cellClassName: "text-right tabular-nums",
      cell: (request) => <span className="tabular-nums">{request.attempts}</span>,
    },
    {
      key: "details",
      label: t("columns.details"),
      cardWide: true,
      cellClassName: "min-w-[12rem] text-slate-700",
      cell: (request) => (
        <DetailsSummary details={request.details} lastError={request.last_error} status={request.status} />
      ),
    },
    {
      key: "actions",
      label: t("columns.actions"),
      srOnly: true,
      cardHidden: true,
      className: "pr-0",
      cell: (request) => (
        <RequestActions request={request} onRetry={setRetrying} onReopen={setReopening} className="justify-end" />
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <Card>
        <form
          // Drawn again from the URL and the CPF when they change (back/forward, "Limpar").
          key={JSON.stringify([url.status, url.from, url.to, cpf])}
          role="search"
          aria-label={t("filters.label")}
          onSubmit={apply}
          onReset={clear}
          noValidate
          className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1.5fr]"
        >
          <SelectField label={t("filters.status")} name="status" defaultValue={url.status ?? ""}>
            <option value="">{t("filters.anyStatus")}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t("filters.from")} name="from" type="date" defaultValue={url.from ?? ""} />
          <TextField
            label={t("filters.to")}
            name="to"
            type="date"
            defaultValue={url.to ?? ""}
            error={filterErrors.field("to")}
          />
          <TextField
            label={t("filters.cpf")}
            name="cpf"
            defaultValue={cpf ?? ""}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            placeholder="000.000.000-00"
            hint={t("filters.cpfHint")}
            error={cpfError ?? undefined}
          />
          <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
            <Button type="submit">{t("filters.apply")}</Button>
            <Button type="reset" variant="secondary">
              {t("filters.clear")}
            </Button>
          </div>
        </form>
      </Card>

      {notice ? <Alert tone="success">{notice}</Alert> : null}

      <RequestListCard
        query={query}
        pageSize={PAGE_SIZE}
        page={url.page}
        onPage={(next) => void setUrl({ page: next === 1 ? null : next })}
        results={(data) => t("results", { count: data.total })}
        note={t("deadline.note", { days: deadlineDays })}
        label={t("tableLabel")}
        columns={columns}
        rowKey={(request) => request.id}
        cardFooter={(request) => <RequestActions request={request} onRetry={setRetrying} onReopen={setReopening} />}
      />

      <RetryDialog
        request={retrying}
        onClose={() => setRetrying(null)}
        onDone={(id) => setNotice(t("retry.done", { id }))}
      />
      <ReopenDialog
        request={reopening}
        onClose={() => setReopening(null)}
        onDone={(id) => setNotice(t("reopen.done", { id }))}
      />
    </div>
  );
}

function RequestActions({
  request,
  onRetry,
  onReopen,
  className = "",
}: {
  request: SerializedLgpdRequest;
  onRetry: (request: SerializedLgpdRequest) => void;
  onReopen: (request: SerializedLgpdRequest) => void;
  className?: string;
}) {
  const t = useTranslations("lgpd");
  const shown = shownStatus(request);
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <Link
        href={`/lgpd/${request.id}/receipt`}
        aria-label={t("receiptLinkLabel", { id: request.id })}
        className="inline-flex min-h-11 items-center whitespace-nowrap rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:min-h-0"
      >
        {t("receiptLink")}
      </Link>
      {shown === "denied" ? (
        <Button
          size="sm"
          variant="secondary"
          className="whitespace-nowrap"
          aria-label={t("reopen.buttonLabel", { id: request.id })}
          onClick={() => onReopen(request)}
        >
          {t("reopen.button")}
        </Button>
      ) : null}
      {shown === "error" ? (
        <Button
          size="sm"
          className="whitespace-nowrap"
          aria-label={t("retry.buttonLabel", { id: request.id })}
          onClick={() => onRetry(request)}
        >
          {t("retry.button")}
        </Button>
      ) : null}
    </div>
  );
}
