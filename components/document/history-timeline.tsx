"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { useDocumentHistory, type HistoryEntry, type StaffDocumentView } from "@/lib/api-client/document.ts";
import { useCalendarDate, useDateTime, valueText } from "./format.ts";
import { HistoryChange, type ShownValue } from "./history-change.tsx";

const FIELDS = [
  "status_id",
  "user_id",
  "product_id",
  "modality_id",
  "modality_identifier",
  "cpf",
  "name",
  "email",
  "phone",
  "source",
  "sla_total",
  "sla_end",
  "sla_end_status",
  "date_time",
  "date_finished",
  "filled_columns",
  "observation",
  "observation_visibility",
  "attachment",
  "attachment_request",
  "attachment_request_note",
] as const;
type KnownField = (typeof FIELDS)[number];
const ACTIONS = [
  "create",
  "update",
  "observation",
  "attachment",
  "attachment_request",
  "attachment_fulfil",
  "attachment_link",
  "attachment_update",
  "observation_delete",
  "reveal",
  "tracking_links_revoked",
] as const;
type KnownAction = (typeof ACTIONS)[number];
const DATE_FIELDS = new Set(["sla_end", "sla_end_status", "date_time", "date_finished"]);

/** The modality's id says nothing its identifier (listed alongside) does not. */
function visibleChanges(entry: HistoryEntry) {
  const named = entry.changes.some((change) => change.field === "modality_identifier");
  return entry.changes.filter((change) => !(named && change.field === "modality_id"));
}

/** Reveals are reads, not changes: the timeline shows them apart so they never push real changes down. */
const HISTORY_VIEWS = ["changes", "reveals", "all"] as const;
type HistoryView = (typeof HISTORY_VIEWS)[number];
const isReveal = (entry: HistoryEntry) => entry.action === "reveal";

/** Every change to the document, newest first: who, when, and each field's before → after; reveals on demand. */
export function HistoryTimeline({ view, personal }: { view: StaffDocumentView; personal: boolean }) {
  const t = useTranslations("document.history");
  const tObservations = useTranslations("document.observations");
  // A person's or a token's name, never the stored e-mail or "token:<name>" label unless nothing else is known. A
  // system's label is a machine name ("cli", "worker", "system:e2e-seed") except the tracking page's customer's,
  // which is stored as words.
  const actorShown = (entry: HistoryEntry): string =>
    entry.actor_name ??
    (entry.actor_type === "system" && /^[\w:.-]+$/.test(entry.actor_label)
      ? t("systemActor")
      : entry.actor_label.replace(/^token:/, ""));
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const history = useDocumentHistory(view.document.id, personal);
  const format = useFormatter();
  const calendarDate = useCalendarDate();
  const columns = new Map((view.product.columns ?? []).map((column) => [column.key, column]));
  const [shown, setShown] = useState<HistoryView>("changes");
  const entries = (history.data ?? []).filter((entry) =>
    shown === "all" ? true : shown === "reveals" ? isReveal(entry) : !isReveal(entry),
  );
  const counts = {
    changes: (history.data ?? []).filter((entry) => !isReveal(entry)).length,
    reveals: (history.data ?? []).filter(isReveal).length,
    all: history.data?.length ?? 0,
  };

  function fieldLabel(field: string): string {
    if (field.startsWith("filled_columns.")) {
      const key = field.slice("filled_columns.".length);
      return t("fields.filledColumn", { key: columns.get(key)?.label ?? key });
    }
    const normalized = field.replaceAll(".", "_");
    return (FIELDS as readonly string[]).includes(normalized) ? t(`fields.${normalized as KnownField}`) : field;
  }

  function valueLabel(field: string, value: unknown): string | null {
    if (value === null || value === undefined || value === "") return null;
    if (field.startsWith("filled_columns.")) {
      const type = columns.get(field.slice("filled_columns.".length))?.type;
      if (type === "currency" && typeof value === "number") {
        return format.number(value, { style: "currency", currency: "BRL" });
      }
      if (type === "date" && typeof value === "string") return calendarDate(value);
      // A number column, or a free key holding a number: pt-BR digits ("71.250,5"), never "71250.5".
      if (typeof value === "number") return format.number(value);
    }
    if (field === "status_id") return view.statuses.find((status) => status.id === value)?.name ?? String(value);
    if (field === "user_id") return view.users.find((user) => user.id === value)?.name ?? String(value);
    if (field === "product_id" && value === view.product.id) return view.product.name;
    if (DATE_FIELDS.has(field) && typeof value === "string") return dateTime(value);
    if (field === "observation.visibility" && (value === "internal" || value === "customer")) {
      return tObservations(value);
    }
    return valueText(value);
  }

  /** The whole `filled_columns` (a creation) as labelled entries, each formatted like a single column's change. */
  function shownValue(field: string, value: unknown): ShownValue {
    if (field === "filled_columns" && typeof value === "object" && value !== null && !Array.isArray(value)) {
      // The product's columns first, in their order (as on the page), then any other key alphabetically.
      const order = [...columns.keys()];
      const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
      const entries = Object.entries(value as Record<string, unknown>).sort(
        ([a], [b]) => rank(a) - rank(b) || a.localeCompare(b),
      );
      if (entries.length === 0) return null;
      return entries.map(([key, item]) => ({
        label: columns.get(key)?.label ?? key,
        text: valueLabel(`filled_columns.${key}`, item),
      }));
    }
    return valueLabel(field, value);
  }

  return (
    <Card title={t("title")}>
      <p className="mb-2 text-xs text-slate-600">{personal ? t("revealedNote") : t("maskedNote")}</p>
      <div
        role="group"
        aria-label={t("show")}
        className="mb-3 inline-flex overflow-hidden rounded-md border border-slate-300"
      >
        {HISTORY_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={shown === option}
            onClick={() => setShown(option)}
            className={`min-h-9 px-3 text-sm ${shown === option ? "bg-brand-700 text-white" : "bg-white text-slate-800 hover:bg-slate-100"}`}
          >
            {t(`views.${option}`, { count: counts[option] })}
          </button>
        ))}
      </div>
      {history.isPending ? <Spinner label={t("title")} /> : null}
      {history.isError ? <Alert>{errorText.text(history.error)}</Alert> : null}
      {history.data && entries.length === 0 ? <p className="text-sm text-slate-700">{t("empty")}</p> : null}
      {history.data && entries.length > 0 ? (
        <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5">
          {entries.map((entry: HistoryEntry) => (
            <li key={entry.id} className="relative" data-action={entry.action}>
              <span
                aria-hidden
                className="absolute -left-[1.72rem] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-brand-600"
              />
              <div className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-slate-900">
                  {(ACTIONS as readonly string[]).includes(entry.action)
                    ? t(`actions.${entry.action as KnownAction}`)
                    : entry.action}
                </span>{" "}
                {entry.actor_type === "customer" ? (
                  <span className="text-sm font-semibold text-amber-900" data-testid="history-customer">
                    {t("customerActor")}
                  </span>
                ) : (
                  <span className="text-sm text-slate-700">{t("by", { actor: actorShown(entry) })}</span>
                )}{" "}
                <time dateTime={entry.created_at} className="text-sm text-slate-600">
                  {dateTime(entry.created_at)}
                </time>
              </div>
              {entry.changes.length > 0 ? (
                <ul className="mt-1 space-y-0.5 text-sm">
                  {visibleChanges(entry).map((change, index) => (
                    <li key={`${change.field}-${index}`} className="break-words text-slate-800">
                      <HistoryChange
                        field={fieldLabel(change.field)}
                        before={shownValue(change.field, change.before)}
                        after={shownValue(change.field, change.after)}
                        emptyText={t("emptyValue")}
                        toText={t("to")}
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </Card>
  );
}
