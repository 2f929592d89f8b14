"use client";

import Link from "next/link";
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
import { AUDIT_ENTITIES } from "@/lib/audit/entries.ts";

const PAGE_SIZE = 50;

/**
 * The audit trail: every audit row of the instance, filtered by who, what entity, which action and when, newest
 * first; personal values masked until "Mostrar dados pessoais" (audited); the filtered set exported as CSV (audited).
 */
export function AuditTrailView({
  initialEntity,
  initialEntityId,
}: {
  initialEntity?: string;
  initialEntityId?: string;
}) {
  const t = useTranslations("audit");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const when = useDateTime();
  const [query, setQuery] = useState<AuditSearch>({
    page: 1,
    page_size: PAGE_SIZE,
    entity: (AUDIT_ENTITIES as readonly string[]).includes(initialEntity ?? "")
      ? (initialEntity as AuditSearch["entity"])
      : null,
    entity_id: initialEntityId ?? null,
  });
  const trail = useAuditTrail(query);
  const exporter = useExportAudit();
  const [exported, setExported] = useState<number | null>(null);

  function apply(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim() || null;
    setExported(null);
    setQuery({
      actor: text("actor"),
      entity: text("entity") as AuditSearch["entity"],
      entity_id: text("entity_id"),
      action: text("action"),
      from: text("from"),
      to: text("to"),
      page: 1,
      page_size: PAGE_SIZE,
    });
  }

  const filters = { ...query, page: undefined, page_size: undefined, reveal: undefined };

  const columns: Array<Column<AuditRowView>> = [
    { key: "when", label: t("columns.when"), rowHeader: true, cardTitle: true, cell: (row) => when(row.created_at) },
    { key: "actor", label: t("columns.actor"), cell: (row) => row.actor },
    { key: "action", label: t("columns.action"), cellClassName: "font-mono text-xs", cell: (row) => row.action },
    {
      key: "entity",
      label: t("columns.entity"),
      cell: (row) =>
        row.entity === "document" && row.entity_id ? (
          <Link className="text-brand-700 underline" href={`/audit?entity=document&entity_id=${row.entity_id}`}>
            {t("timeline", { id: row.entity_id })}
          </Link>
        ) : (
          `${row.entity}${row.entity_id ? ` #${row.entity_id}` : ""}`
        ),
    },
    {
      key: "details",
      label: t("columns.details"),
      cardWide: true,
      cellClassName: "max-w-[32rem] break-all font-mono text-xs text-slate-700",
      cell: (row) => JSON.stringify(row.details),
    },
  ];

  const total = trail.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="space-y-6">
      <Card>
        <form
          role="search"
          aria-label={t("filters.label")}
          onSubmit={apply}
          noValidate
          className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          <TextField
            label={t("filters.actor")}
            name="actor"
            defaultValue={query.actor ?? ""}
            hint={t("filters.actorHint")}
          />
          <SelectField label={t("filters.entity")} name="entity" defaultValue={query.entity ?? ""}>
            <option value="">{t("filters.anyEntity")}</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entity}
              </option>
            ))}
          </SelectField>
          <TextField label={t("filters.entityId")} name="entity_id" defaultValue={query.entity_id ?? ""} />
          <TextField
            label={t("filters.action")}
            name="action"
            hint={t("filters.actionHint")}
            defaultValue={query.action ?? ""}
          />
          <TextField label={t("filters.from")} name="from" type="date" />
          <TextField label={t("filters.to")} name="to" type="date" />
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
            <Button type="submit">{t("filters.apply")}</Button>
            <Button
              variant="secondary"
              disabled={exporter.isPending}
              onClick={() => exporter.mutate(filters, { onSuccess: (count) => setExported(count) })}
            >
              {exporter.isPending ? t("exporting") : t("export")}
            </Button>
            <Button
              variant="ghost"
              aria-pressed={query.reveal === true}
              onClick={() => setQuery({ ...query, reveal: !query.reveal })}
            >
              {query.reveal ? t("hide") : t("reveal")}
            </Button>
          </div>
        </form>
      </Card>
      {exported !== null ? <Alert tone="success">{t("exported", { count: exported })}</Alert> : null}
      {exporter.isError ? <Alert>{errorText.text(exporter.error)}</Alert> : null}
      {query.reveal ? <Alert tone="warning">{t("revealedNote")}</Alert> : null}
      <Card>
        {trail.isPending ? (
          <Spinner label={tc("states.loading")} />
        ) : trail.isError ? (
          <Alert>{tc("states.error", { message: errorText.text(trail.error) })}</Alert>
        ) : (
          <>
            <p role="status" className="mb-3 text-sm font-medium text-slate-700">
              {t("results", { count: total })}
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
                <Pagination page={query.page ?? 1} pages={pages} onPage={(page) => setQuery({ ...query, page })} />
              </div>
            ) : null}
          </>
        )}
      </Card>
    </div>
  );
}
