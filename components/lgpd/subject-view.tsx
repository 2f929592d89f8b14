"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { DataTable, type Column } from "@/components/ui/table.tsx";
import { useNow } from "@/components/live/updated-ago.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type { SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import {
  accessDownloadHref,
  useRequestAccessPackage,
  useLgpdDeadline,
  useRequestSubjectDeletion,
  useSetLgpdDeadline,
  useSubjectOverview,
  type SerializedAccessRequest,
  type SubjectOverview,
} from "@/lib/api-client/lgpd-subject.ts";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";
import { DeadlineBadge } from "./deadline-badge.tsx";
import { DetailsSummary } from "./details-summary.tsx";
import { LgpdStatusBadge } from "./lgpd-status-badge.tsx";
import { useDateTime } from "./use-date-time.ts";
import {
  EMPTY_ENTRY,
  HandEntryFields,
  LegalHoldsPanel,
  ReviewNote,
  ReviewPanel,
  entryBody,
  type HandEntry,
} from "./steering-panels.tsx";

const KINDS = ["documents", "observations", "attachments", "messages", "history"] as const;
const FIELDS = ["cpf", "name", "email", "phone", "filled_columns"] as const;

/**
 * The data-subject page: a CPF typed by the officer (kept in this tab's memory only), what the instance holds of it,
 * its access and deletion requests with their legal deadlines, and the two actions: generate an access package
 * (downloaded here, audited) and request the deletion.
 */
export function SubjectView({
  deadlineDays: initialDeadline,
  catalog,
}: {
  deadlineDays: number;
  /** The instance's products and statuses, for the legal holds' form. */
  catalog: { products: { id: number; name: string }[]; statuses: { id: number; name: string }[] };
}) {
  const t = useTranslations("lgpdSubject");
  const deadline = useLgpdDeadline(initialDeadline);
  const deadlineDays = deadline.data.deadline_days;
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const [cpf, setCpf] = useState<string | null>(null);
  const [cpfError, setCpfError] = useState<string | null>(null);
  const [confirmDeletion, setConfirmDeletion] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useSubjectOverview(cpf);
  const access = useRequestAccessPackage();
  const deletion = useRequestSubjectDeletion();
  const [entry, setEntry] = useState<HandEntry>(EMPTY_ENTRY);

  function lookUp(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("cpf") ?? "").trim();
    if (!isValidCpf(value)) {
      setCpfError(t("invalidCpf"));
      return;
    }
    setCpfError(null);
    setNotice(null);
    const digits = value.replace(/\D/g, "");
    // The same CPF again reads it afresh (a new lookup, audited like the first).
    if (digits === cpf) void query.refetch();
    else setCpf(digits);
  }

  return (
    <div className="space-y-6">
      <Card>
        <form
          role="search"
          aria-label={t("form.label")}
          onSubmit={lookUp}
          noValidate
          className="flex flex-wrap items-start gap-4"
        >
          <TextField
            label={t("form.cpf")}
            name="cpf"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            placeholder="000.000.000-00"
            hint={t("form.hint")}
            error={cpfError ?? undefined}
          />
          <Button type="submit" className="mt-6">
            {t("form.submit")}
          </Button>
        </form>
      </Card>

      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <DeadlineSetting days={deadlineDays} />

      {cpf === null ? null : query.isPending ? (
        <Spinner label={tc("states.loading")} />
      ) : query.isError ? (
        <Alert>{tc("states.error", { message: errorText.text(query.error) })}</Alert>
      ) : (
        <>
          <SummaryCard overview={query.data} />
          <Card title={t("actions.title")}>
            <HandEntryFields value={entry} onChange={setEntry} />
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={access.isPending}
                onClick={() =>
                  access.mutate(
                    { cpf, ...entryBody(entry) },
                    {
                      onSuccess: (answer) => {
                        setEntry(EMPTY_ENTRY);
                        setNotice(
                          t(answer.created ? "actions.accessCreated" : "actions.accessPending", {
                            id: answer.request.id,
                          }),
                        );
                      },
                    },
                  )
                }
              >
                {access.isPending ? t("actions.sending") : t("actions.access")}
              </Button>
              <Button variant="danger" onClick={() => setConfirmDeletion(true)}>
                {t("actions.deletion")}
              </Button>
            </div>
            {access.isError ? (
              <div className="mt-3">
                <Alert>{errorText.text(access.error)}</Alert>
              </div>
            ) : null}
            <p className="mt-3 text-xs text-slate-600">{t("deadlineNote", { days: deadlineDays })}</p>
          </Card>
          <AccessTable rows={query.data.accesses} deadlineDays={deadlineDays} />
          <DeletionTable rows={query.data.deletions} deadlineDays={deadlineDays} />
          <ConfirmDialog
            open={confirmDeletion}
            tone="danger"
            title={t("confirmDeletion.title")}
            message={t("confirmDeletion.message", { cpf: query.data.cpf_masked })}
            confirmLabel={t("confirmDeletion.confirm")}
            pending={deletion.isPending}
            error={deletion.error}
            onCancel={() => setConfirmDeletion(false)}
            onConfirm={() =>
              deletion.mutate(
                { cpf, ...entryBody(entry) },
                {
                  onSuccess: (answer) => {
                    setConfirmDeletion(false);
                    setEntry(EMPTY_ENTRY);
                    setNotice(
                      t(answer.created ? "actions.deletionCreated" : "actions.deletionPending", {
                        id: answer.request.id,
                      }),
                    );
                  },
                },
              )
            }
          />
        </>
      )}
      <ReviewPanel />
      <LegalHoldsPanel products={catalog.products} statuses={catalog.statuses} />
    </div>
  );
}

function SummaryCard({ overview }: { overview: SubjectOverview }) {
  const t = useTranslations("lgpdSubject");
  const ts = useTranslations("lgpdSteering.review");
  const when = useDateTime();
  const summary = overview.summary;
  return (
    <Card title={t("summary.title", { cpf: overview.cpf_masked })}>
      <div role="region" aria-label={t("summary.title", { cpf: overview.cpf_masked })}>
        {overview.returned_documents > 0 ? (
          <p className="mb-2 text-sm text-amber-900" data-testid="subject-returned">
            {ts("returnedSubject", { count: overview.returned_documents })}
          </p>
        ) : null}
        {summary === null ? (
          <p className="text-sm text-slate-700" data-testid="subject-no-data">
            {t("summary.none")}
          </p>
        ) : (
          <div className="space-y-2 text-sm text-slate-800">
            <ul className="flex flex-wrap gap-x-6 gap-y-1" aria-label={t("summary.countsLabel")}>
              {KINDS.map((kind) => (
                <li key={kind} data-kind={kind}>
                  {t(`summary.kinds.${kind}`, { count: summary[kind] })}
                </li>
              ))}
            </ul>
            <p>
              {t("summary.fields", {
                fields: FIELDS.filter((field) => summary.personal_fields.includes(field))
                  .map((field) => t(`summary.fieldNames.${field}`))
                  .join(", "),
              })}
            </p>
            <p>{t("summary.dates", { first: when(summary.first_at), last: when(summary.last_at) })}</p>
          </div>
        )}
        {overview.records.length > 0 ? <RecordsTable overview={overview} /> : null}
      </div>
    </Card>
  );
}

type SubjectRecord = SubjectOverview["records"][number];

/** The documents behind the counts: each protocol opens its document (in the same tab, so back returns here). */
function RecordsTable({ overview }: { overview: SubjectOverview }) {
  const t = useTranslations("lgpdSubject.summary.records");
  const when = useDateTime();
  const columns: Array<Column<SubjectRecord>> = [
    {
      key: "protocol",
      label: t("protocol"),
      rowHeader: true,
      cardTitle: true,
      cellClassName: "whitespace-nowrap font-mono text-xs",
      cell: (record) => (
        <Link
          href={`/documents/${record.id}`}
          aria-label={t("openLabel", { protocol: record.protocol })}
          className="font-medium text-brand-700 underline"
        >
          {record.protocol}
        </Link>
      ),
    },
    { key: "status", label: t("status"), cell: (record) => record.status },
    { key: "name", label: t("name"), cell: (record) => record.name ?? "—" },
    { key: "created", label: t("createdAt"), cell: (record) => when(record.created_at) },
    { key: "tie", label: t("tie"), cell: (record) => t(record.tie) },
  ];
  const total = overview.summary?.documents ?? overview.records.length;
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("title")}</h3>
      <DataTable label={t("label")} columns={columns} rows={overview.records} rowKey={(record) => record.id} cards />
      {overview.records.length < total ? (
        <p className="mt-2 text-xs text-slate-600">{t("more", { shown: overview.records.length, total })}</p>
      ) : null}
    </div>
  );
}

function AccessTable({ rows, deadlineDays }: { rows: SerializedAccessRequest[]; deadlineDays: number }) {
  const t = useTranslations("lgpdSubject");
  const when = useDateTime();
  const now = useNow(30_000);
  const columns: Array<Column<SerializedAccessRequest>> = [
    { key: "id", label: t("columns.id"), rowHeader: true, cardTitle: true, cell: (row) => row.id },
    {
      key: "status",
      label: t("columns.status"),
      cardTitle: true,
      cell: (row) => <LgpdStatusBadge status={row.status} />,
    },
    { key: "requested", label: t("columns.requestedAt"), cell: (row) => when(row.requested_at) },
    {
      key: "deadline",
      label: t("columns.deadline"),
      cell: (row) => <DeadlineBadge request={row} days={deadlineDays} now={now} />,
    },
    {
      key: "package",
      label: t("columns.package"),
      cardWide: true,
      cell: (row) =>
        row.package_available ? (
          <span className="inline-flex flex-col gap-0.5">
            <a className="font-medium text-brand-700 underline" href={accessDownloadHref(row.id)} download>
              {t("download", { id: row.id })}
            </a>
            <span className="text-xs text-slate-600">
              {t("expires", { date: when(row.expires_at) })} · {t("downloads", { count: row.downloads })}
            </span>
          </span>
        ) : row.package_deleted_at ? (
          t("packageDeleted", { date: when(row.package_deleted_at) })
        ) : row.status === "not_found" ? (
          t("summary.none")
        ) : row.status === "error" ? (
          (row.last_error ?? "—")
        ) : (
          t("building")
        ),
    },
  ];
  return (
    <Card title={t("accessTitle")}>
      <DataTable
        label={t("accessTitle")}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t("noRequests")}
        cards
      />
    </Card>
  );
}

function DeletionTable({ rows, deadlineDays }: { rows: SerializedLgpdRequest[]; deadlineDays: number }) {
  const t = useTranslations("lgpdSubject");
  const when = useDateTime();
  const now = useNow(30_000);
  const columns: Array<Column<SerializedLgpdRequest>> = [
    { key: "id", label: t("columns.id"), rowHeader: true, cardTitle: true, cell: (row) => row.id },
    {
      key: "status",
      label: t("columns.status"),
      cardTitle: true,
      cell: (row) => (
        <span className="inline-flex flex-col gap-1">
          <LgpdStatusBadge status={row.status} review={row.review} />
          <ReviewNote row={row} />
        </span>
      ),
    },
    { key: "requested", label: t("columns.requestedAt"), cell: (row) => when(row.requested_at) },
    {
      key: "deadline",
      label: t("columns.deadline"),
      cell: (row) => <DeadlineBadge request={row} days={deadlineDays} now={now} />,
    },
    {
      key: "details",
      label: t("columns.details"),
      cardWide: true,
      cell: (row) => <DetailsSummary details={row.details} lastError={row.last_error} status={row.status} />,
    },
    {
      key: "receipt",
      label: t("columns.receipt"),
      cell: (row) => (
        <Link className="text-brand-700 underline" href={`/lgpd/${row.id}/receipt`}>
          {t("receipt", { id: row.id })}
        </Link>
      ),
    },
  ];
  return (
    <Card title={t("deletionTitle")}>
      <DataTable
        label={t("deletionTitle")}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t("noRequests")}
        cards
      />
    </Card>
  );
}

/** 15 days (LGPD Art. 19 II), or 30 for small processing agents (Resolução CD/ANPD 2/2022); the change is audited. */
function DeadlineSetting({ days }: { days: number }) {
  const t = useTranslations("lgpdSubject.deadline");
  const errorText = useErrorText();
  const save = useSetLgpdDeadline();
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm">
      <SelectField
        label={t("label")}
        name="deadline_days"
        value={String(days)}
        disabled={save.isPending}
        onChange={(event) => save.mutate(Number(event.currentTarget.value) === 30 ? 30 : 15)}
      >
        <option value="15">{t("fifteen")}</option>
        <option value="30">{t("thirty")}</option>
      </SelectField>
      {save.isSuccess ? <span role="status">{t("saved")}</span> : null}
      {save.isError ? <span role="alert">{errorText.text(save.error)}</span> : null}
    </div>
  );
}
