"use client";

import Link from "next/link";
import { useQueryStates } from "nuqs";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { Pagination } from "@/components/ui/pagination.tsx";
import { DataTable, type Column } from "@/components/ui/table.tsx";
import { useDateTime } from "@/components/lgpd/use-date-time.ts";
import { useAuditTrail, useExportAudit, type AuditRowView, type AuditSearch } from "@/lib/api-client/audit.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import {
  AUDIT_EVENT_ACTIONS,
  auditEventLabel,
  auditRecordHref,
  auditSentence,
  type AuditTranslate,
} from "@/lib/audit/audit-sentence.ts";
import { auditUrl, looksLikeCpf } from "@/lib/audit/audit-url.ts";
import { AUDIT_ENTITIES } from "@/lib/audit/entries.ts";
import type { TAuditActor } from "@/lib/audit/schemas.ts";

const PAGE_SIZE = 50;

/** `details` as "key: value" pairs a person can read (objects as compact JSON). */
function detailsText(details: unknown): string {
  if (!details || typeof details !== "object") return "";
  return Object.entries(details as Record<string, unknown>)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join(" · ");
}

/**
 * The audit trail: every audit row of the instance as a sentence ("Helena negou a exclusão nº 4"), filtered by who and
 * which event (chosen from lists), by protocol or CPF and by days, newest first; the filters live in the URL (a CPF
 * never: it stays in this page's memory); each row opens its record; personal values masked until "Mostrar dados
 * pessoais" (audited); the filtered set exported as CSV (audited).
 */
export function AuditTrailView({ actors }: { actors: TAuditActor[] }) {
  const t = useTranslations("audit");
  const say = t as unknown as AuditTranslate;
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const when = useDateTime();
  const [url, setUrl] = useQueryStates(auditUrl, { history: "push", scroll: false });
  // A CPF typed in the protocol-or-CPF box: searched, never written to the URL.
  const [cpf, setCpf] = useState<string | null>(null);
  const [reveal, setReveal] = useState(false);
  const entity = (AUDIT_ENTITIES as readonly string[]).includes(url.entity ?? "")
    ? (url.entity as AuditSearch["entity"])
    : null;
  const filters = {
    actor: url.actor,
    action: url.action,
    entity,
    entity_id: url.entity_id,
    subject: url.protocol ?? cpf,
    from: url.from,
    to: url.to,
  };
  const query: AuditSearch = { ...filters, page: url.page, page_size: PAGE_SIZE, reveal };
  const trail = useAuditTrail(query);
  const exporter = useExportAudit();
  const [exported, setExported] = useState<number | null>(null);

  const events = AUDIT_EVENT_ACTIONS.map((action) => ({ action, label: auditEventLabel(say, action) })).sort((a, b) =>
    a.label.localeCompare(b.label, "pt-BR"),
  );

  function apply(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim() || null;
    const subject = text("subject");
    setExported(null);
    setCpf(subject && looksLikeCpf(subject) ? subject : null);
    void setUrl({
      actor: text("actor"),
      action: text("action"),
      protocol: subject && !looksLikeCpf(subject) ? subject : null,
      from: text("from"),
      to: text("to"),
      page: 1,
    });
  }

  function clear() {
    setExported(null);
    setCpf(null);
    void setUrl({
      actor: null,
      action: null,
      protocol: null,
      entity: null,
      entity_id: null,
      from: null,
      to: null,
      page: 1,
    });
  }

  const columns: Array<Column<AuditRowView>> = [
    {
      key: "when",
      label: t("columns.when"),
      rowHeader: true,
      cardTitle: true,
      cellClassName: "whitespace-nowrap",
      cell: (row) => when(row.created_at),
    },
    { key: "what", label: t("columns.what"), cell: (row) => auditSentence(say, row) },
    {
      key: "record",
      label: t("columns.record"),
      cell: (row) => {
        const href = auditRecordHref(row);
        if (!href) return null;
        const target = row.protocol ?? (row.document_id !== null ? `nº ${row.document_id}` : (row.entity_id ?? ""));
        const kind = row.document_id !== null ? "document" : (row.entity as "lgpd_request");
        return (
          <Link className="text-brand-700 underline" href={href}>
            {t(`openRecord.${kind}`, { target })}
          </Link>
        );
      },
    },
    { key: "reason", label: t("columns.reason"), cell: (row) => row.reason ?? "" },
    {
      key: "details",
      label: t("columns.details"),
      cardWide: true,
      cellClassName: "max-w-[28rem] break-words text-xs text-slate-600",
      cell: (row) => detailsText(row.details),
    },
  ];

  const formKey = JSON.stringify([url.actor, url.action, url.protocol, url.from, url.to]);
  const form = (
    <Card>
      <form
        key={formKey}
        role="search"
        aria-label={t("filters.label")}
        onSubmit={apply}
        noValidate
        className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <SelectField label={t("filters.actor")} name="actor" defaultValue={url.actor ?? ""}>
          <option value="">{t("filters.anyActor")}</option>
          {actors.map((actor) => (
            <option key={actor.label} value={actor.label}>
              {actor.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("filters.event")} name="action" defaultValue={url.action ?? ""}>
          <option value="">{t("filters.anyEvent")}</option>
          {events.map((event) => (
            <option key={event.action} value={event.action}>
              {event.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("filters.subject")}
          name="subject"
          defaultValue={url.protocol ?? cpf ?? ""}
          hint={t("filters.subjectHint")}
          autoComplete="off"
        />
        <TextField label={t("filters.from")} name="from" type="date" defaultValue={url.from ?? ""} />
        <TextField label={t("filters.to")} name="to" type="date" defaultValue={url.to ?? ""} />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">{t("filters.apply")}</Button>
          <Button variant="ghost" onClick={clear}>
            {t("filters.clear")}
          </Button>
          <Button
            variant="secondary"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate(filters, { onSuccess: (count) => setExported(count) })}
          >
            {exporter.isPending ? t("exporting") : t("export")}
          </Button>
          <Button variant="ghost" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
            {reveal ? t("hide") : t("reveal")}
          </Button>
        </div>
      </form>
      {entity && url.entity_id ? (
        <p className="mt-3 text-sm text-slate-700">{t("filters.timeline", { id: url.entity_id })}</p>
      ) : null}
    </Card>
  );

  const total = trail.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="space-y-6">
      {form}
      {exported !== null ? <Alert tone="success">{t("exported", { count: exported })}</Alert> : null}
      {exporter.isError ? <Alert>{errorText.text(exporter.error)}</Alert> : null}
      {reveal ? <Alert tone="warning">{t("revealedNote")}</Alert> : null}
      <Card>
        {trail.isPending ? (
          <Spinner label={tc("states.loading")} />
        ) : trail.isError ? (
          <Alert>{tc("states.error", { message: errorText.text(trail.error) })}</Alert>
        ) : (
          <>
            <p role="status" className="mb-3 text-sm font-medium text-slate-700">
              {trail.data.total_capped ? t("resultsCapped", { count: total }) : t("results", { count: total })}
            </p>
            <DataTable
              label={t("tableLabel")}
              columns={columns}
              rows={trail.data.items}
              rowKey={(row) => row.id}
              busy={trail.isFetching}
              cards
            />
            {pages > 1 ? (
              <div className="mt-4">
                <Pagination page={url.page} pages={pages} onPage={(page) => void setUrl({ page })} />
              </div>
            ) : null}
          </>
        )}
      </Card>
    </div>
  );
}
