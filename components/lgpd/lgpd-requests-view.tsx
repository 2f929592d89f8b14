"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { useServerErrors } from "@/components/ui/server-errors.ts";
import { UpdatedAgo, useNow } from "@/components/live/updated-ago.tsx";
import {
  useLgpdRequests,
  type LgpdRequestFilters,
  type LgpdRequestStatus,
  type SerializedLgpdRequest,
} from "@/lib/api-client/lgpd.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";
import { DeadlineBadge } from "./deadline-badge.tsx";
import { DetailsSummary } from "./details-summary.tsx";
import { LgpdStatusBadge } from "./lgpd-status-badge.tsx";
import { RetryDialog } from "./retry-dialog.tsx";
import { useDateTime } from "./use-date-time.ts";

const STATUSES: LgpdRequestStatus[] = ["pending", "done", "not_found", "error"];
const PAGE_SIZE = 20;

/**
 * The LGPD page: every deletion request of the instance, filtered, paged, with receipts and retry, each with its
 * legal deadline (`deadlineDays` after the request). The list refreshes itself while the tab is visible.
 */
export function LgpdRequestsView({ deadlineDays }: { deadlineDays: number }) {
  const t = useTranslations("lgpd");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const when = useDateTime();
  const [filters, setFilters] = useState<LgpdRequestFilters>({ page: 1, page_size: PAGE_SIZE });
  const [cpfError, setCpfError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<SerializedLgpdRequest | null>(null);
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
    setFilters({
      status: (text("status") as LgpdRequestStatus | null) ?? null,
      from: text("from"),
      to: text("to"),
      cpf,
      page: 1,
      page_size: PAGE_SIZE,
    });
  }

  function clear(event: React.FormEvent<HTMLFormElement>) {
    setCpfError(null);
    setNotice(null);
    setFilters({ page: 1, page_size: PAGE_SIZE });
    event.currentTarget.reset();
  }

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = filters.page ?? 1;

  return (
    <div className="space-y-6">
      <Card>
        <form
          role="search"
          aria-label={t("filters.label")}
          onSubmit={apply}
          onReset={clear}
          noValidate
          className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1.5fr]"
        >
          <SelectField label={t("filters.status")} name="status" defaultValue="">
            <option value="">{t("filters.anyStatus")}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t("filters.from")} name="from" type="date" />
          <TextField label={t("filters.to")} name="to" type="date" error={filterErrors.field("to")} />
          <TextField
            label={t("filters.cpf")}
            name="cpf"
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

      <Card>
        {query.isPending ? (
          <Spinner label={tc("states.loading")} />
        ) : query.isError ? (
          <Alert>{tc("states.error", { message: errorText.text(query.error) })}</Alert>
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p role="status" className="text-sm font-medium text-slate-700">
                {t("results", { count: total })}
              </p>
              <UpdatedAgo updatedAt={query.dataUpdatedAt} fetching={query.isFetching} />
            </div>
            <p className="mb-3 text-xs text-slate-600">{t("deadline.note", { days: deadlineDays })}</p>
            {query.data.items.length > 0 ? (
              <div
                className="relative hidden overflow-x-auto lg:block"
                tabIndex={0}
                role="region"
                aria-label={t("tableLabel")}
              >
                <table className="w-full text-left text-sm" aria-busy={query.isFetching}>
                  <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                    <tr>
                      <th scope="col" className="py-2 pr-3">
                        {t("columns.id")}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t("columns.cpf")}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t("columns.status")}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t("columns.requestedAt")}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t("deadline.column")}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t("columns.processedAt")}
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right">
                        {t("columns.attempts")}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t("columns.details")}
                      </th>
                      <th scope="col" className="py-2">
                        <span className="sr-only">{t("columns.actions")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {query.data.items.map((request) => (
                      <tr key={request.id} className="border-b border-slate-100 align-top last:border-0">
                        <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                          {request.id}
                        </th>
                        <td className="whitespace-nowrap py-2 pr-3 font-mono text-xs">{request.cpf_masked}</td>
                        <td className="py-2 pr-3">
                          <LgpdStatusBadge status={request.status} />
                        </td>
                        <td className="py-2 pr-3">{when(request.requested_at)}</td>
                        <td className="py-2 pr-3">
                          <DeadlineBadge request={request} days={deadlineDays} now={now} />
                        </td>
                        <td className="py-2 pr-3">{when(request.processed_at, t("notProcessed"))}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{request.attempts}</td>
                        <td className="min-w-[12rem] py-2 pr-3 text-slate-700">
                          <DetailsSummary
                            details={request.details}
                            lastError={request.last_error}
                            status={request.status}
                          />
                        </td>
                        <td className="py-2">
                          <RequestActions request={request} onRetry={setRetrying} className="justify-end" />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {/* Below 1024 px the same requests as cards: every fact and action visible without scrolling sideways. */}
            <ul aria-label={t("tableLabel")} className="space-y-3 lg:hidden">
              {query.data.items.map((request) => (
                <li key={request.id} className="rounded-md border border-slate-200 p-3 text-sm">
                  <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-semibold text-slate-900">
                      {t("columns.id")} {request.id}
                    </span>
                    <span className="font-mono text-xs">{request.cpf_masked}</span>
                    <LgpdStatusBadge status={request.status} />
                  </div>
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
                    <div>
                      <dt className="text-xs text-slate-600">{t("columns.requestedAt")}</dt>
                      <dd>{when(request.requested_at)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-600">{t("deadline.column")}</dt>
                      <dd>
                        <DeadlineBadge request={request} days={deadlineDays} now={now} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-600">{t("columns.processedAt")}</dt>
                      <dd>{when(request.processed_at, t("notProcessed"))}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-600">{t("columns.attempts")}</dt>
                      <dd className="tabular-nums">{request.attempts}</dd>
                    </div>
                    <div className="col-span-2 sm:col-span-3">
                      <dt className="text-xs text-slate-600">{t("columns.details")}</dt>
                      <dd className="text-slate-700">
                        <DetailsSummary
                          details={request.details}
                          lastError={request.last_error}
                          status={request.status}
                        />
                      </dd>
                    </div>
                  </dl>
                  <RequestActions request={request} onRetry={setRetrying} className="mt-3" />
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label={t("pagination.label")} className="mt-4 flex items-center justify-between gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setFilters({ ...filters, page: page - 1 })}
                >
                  {t("pagination.previous")}
                </Button>
                <span className="text-sm text-slate-700">{t("pagination.page", { page, pages })}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setFilters({ ...filters, page: page + 1 })}
                >
                  {t("pagination.next")}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </Card>

      <RetryDialog
        request={retrying}
        onClose={() => setRetrying(null)}
        onDone={(id) => setNotice(t("retry.done", { id }))}
      />
    </div>
  );
}

function RequestActions({
  request,
  onRetry,
  className = "",
}: {
  request: SerializedLgpdRequest;
  onRetry: (request: SerializedLgpdRequest) => void;
  className?: string;
}) {
  const t = useTranslations("lgpd");
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <Link
        href={`/lgpd/${request.id}/receipt`}
        aria-label={t("receiptLinkLabel", { id: request.id })}
        className="inline-flex min-h-11 items-center whitespace-nowrap rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:min-h-0"
      >
        {t("receiptLink")}
      </Link>
      {request.status === "error" ? (
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
