"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { useRemoveFilledColumns, useUpdateDocument, type StaffDocumentView } from "@/lib/api-client/document.ts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { useCalendarDate, valueText } from "./format.ts";

type ValueType = "string" | "number" | "date" | "json";
type Column = { key: string; label: string; type: "string" | "number" | "date" };
type Row = { key: string; column: Column | null; value: unknown; present: boolean };
type Parsed = { ok: true; value: unknown } | { ok: false; error: "required" | "number" | "date" | "json" };

const CONTROL =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:border-brand-600";

function typeOf(row: { column: Column | null; value: unknown }): ValueType {
  if (row.column) return row.column.type;
  return typeof row.value === "string" || row.value === undefined ? "string" : "json";
}

function textFor(type: ValueType, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (type === "json") return JSON.stringify(value);
  if (type === "date" && typeof value === "string") return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function parseValue(type: ValueType, text: string): Parsed {
  if (text.trim() === "") return { ok: false, error: "required" };
  switch (type) {
    case "string":
      return { ok: true, value: text };
    case "number": {
      const value = Number(text.replace(",", "."));
      return Number.isFinite(value) ? { ok: true, value } : { ok: false, error: "number" };
    }
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { ok: true, value: text } : { ok: false, error: "date" };
    case "json":
      try {
        return { ok: true, value: JSON.parse(text) };
      } catch {
        return { ok: false, error: "json" };
      }
  }
}

/** The value input for a type: text, number, date, or a JSON text area. */
function ValueInput({
  type,
  value,
  onChange,
  label,
  invalid,
  describedBy,
  id,
  autoFocus,
  onSubmit,
  onCancel,
}: {
  type: ValueType;
  value: string;
  onChange: (value: string) => void;
  label: string;
  invalid: boolean;
  describedBy?: string;
  id?: string;
  autoFocus?: boolean;
  /** Enter (Ctrl+Enter in the JSON area) saves, Escape cancels: inline editing without the mouse. */
  onSubmit?: () => void;
  onCancel?: () => void;
}) {
  const common = {
    id,
    autoFocus,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === "Escape" && onCancel) {
        event.preventDefault();
        onCancel();
      } else if (event.key === "Enter" && onSubmit && (type !== "json" || event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        onSubmit();
      }
    },
    value,
    "aria-label": id ? undefined : label,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
    className: `${CONTROL} ${type === "json" ? "font-mono" : ""}`,
  };
  if (type === "json") return <textarea rows={2} {...common} onChange={(event) => onChange(event.target.value)} />;
  return (
    <input
      type={type === "number" ? "number" : type === "date" ? "date" : "text"}
      step={type === "number" ? "any" : undefined}
      {...common}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * filled_columns: the product's typed columns first, then any other key. Add and change go through the public
 * updateById (a merge); removal is its own staff operation (/api/documents/filled-columns/remove).
 */
export function FilledColumnsEditor({ view }: { view: StaffDocumentView }) {
  const t = useTranslations("document.columns");
  const errorText = useErrorText();
  const format = useFormatter();
  const calendarDate = useCalendarDate();
  const canEdit = view.permissions.can_edit;
  const update = useUpdateDocument(view.document.id);
  const remove = useRemoveFilledColumns(view.document.id);
  const errorId = useId();

  const stored = view.document.filled_columns;
  const columns = (view.product.columns ?? []) as Column[];
  const columnKeys = new Set(columns.map((column) => column.key));
  const rows: Row[] = [
    ...columns.map((column) => ({ key: column.key, column, value: stored[column.key], present: column.key in stored })),
    ...Object.keys(stored)
      .filter((key) => !columnKeys.has(key))
      .map((key) => ({ key, column: null, value: stored[key], present: true })),
  ];

  const [editing, setEditing] = useState<{ key: string; type: ValueType; text: string; error: string | null } | null>(
    null,
  );
  const [removing, setRemoving] = useState<string | null>(null);
  // When a row leaves edit mode, keyboard focus goes back to its Edit button (after the commit that re-creates it)
  // instead of getting lost with the removed input.
  const focusAfterEdit = useRef<string | null>(null);
  const stopEditing = (key: string) => {
    focusAfterEdit.current = key;
    setEditing(null);
  };
  useEffect(() => {
    const key = focusAfterEdit.current;
    if (editing !== null || key === null) return;
    focusAfterEdit.current = null;
    document.querySelector<HTMLButtonElement>(`button[data-edit-key="${CSS.escape(key)}"]`)?.focus();
  }, [editing]);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [draft, setDraft] = useState({ key: "", type: "string" as ValueType, text: "", error: null as string | null });

  const draftColumn = columns.find((column) => column.key === draft.key.trim()) ?? null;
  const draftType: ValueType = draftColumn ? draftColumn.type : draft.type === "json" ? "json" : "string";

  function save(key: string, type: ValueType, text: string, onInvalid: (error: string) => void, onDone: () => void) {
    const parsed = parseValue(type, text);
    if (!parsed.ok) return onInvalid(t(`errors.${parsed.error}`));
    setMessage(null);
    update.mutate(
      { filled_columns: { [key]: parsed.value } },
      {
        onSuccess: () => {
          setMessage({ tone: "success", text: t("saved", { key }) });
          onDone();
        },
        onError: (error) => setMessage({ tone: "error", text: t("errors.save", { message: errorText.text(error) }) }),
      },
    );
  }

  function display(row: Row) {
    if (!row.present || row.value === null) return <span className="italic text-slate-600">{t("notSet")}</span>;
    const type = typeOf(row);
    if (type === "date" && typeof row.value === "string") return calendarDate(row.value);
    if (type === "number" && typeof row.value === "number") return format.number(row.value);
    return <span className={type === "json" ? "font-mono text-xs" : undefined}>{valueText(row.value)}</span>;
  }

  return (
    <Card title={t("title")}>
      {rows.length === 0 ? <p className="text-sm text-slate-700">{t("empty")}</p> : null}
      {rows.length > 0 ? (
        <table className="w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className="w-[28%] py-2 pr-2 font-medium">
                {t("key")}
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                {t("value")}
              </th>
              <th scope="col" className="w-[17%] py-2 pr-2 font-medium">
                {t("type")}
              </th>
              {canEdit ? (
                <th scope="col" className="w-[25%] py-2 font-medium">
                  <span className="sr-only">{t("actions")}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const isEditing = editing?.key === row.key;
              const type = isEditing ? editing.type : typeOf(row);
              return (
                <tr key={row.key} className="border-b border-slate-100 align-top" data-key={row.key}>
                  <th scope="row" className="break-words py-2 pr-2 text-left font-medium text-slate-900">
                    {row.column ? row.column.label : row.key}
                    {row.column ? (
                      <span className="block font-mono text-xs font-normal text-slate-600">{row.key}</span>
                    ) : null}
                  </th>
                  <td className="break-words py-2 pr-2 text-slate-900">
                    {isEditing ? (
                      <div className="space-y-1">
                        {!row.column ? (
                          <select
                            aria-label={t("typeFor", { key: row.key })}
                            value={editing.type}
                            onChange={(event) =>
                              setEditing({ ...editing, type: event.target.value as ValueType, error: null })
                            }
                            className={CONTROL}
                          >
                            <option value="string">{t("types.string")}</option>
                            <option value="json">{t("types.json")}</option>
                          </select>
                        ) : null}
                        <ValueInput
                          type={editing.type}
                          value={editing.text}
                          label={t("valueFor", { key: row.key })}
                          invalid={editing.error !== null}
                          autoFocus
                          onSubmit={() =>
                            save(
                              row.key,
                              editing.type,
                              editing.text,
                              (error) => setEditing({ ...editing, error }),
                              () => stopEditing(row.key),
                            )
                          }
                          onCancel={() => stopEditing(row.key)}
                          describedBy={editing.error ? `${errorId}-edit` : undefined}
                          onChange={(text) => setEditing({ ...editing, text, error: null })}
                        />
                        {editing.error ? (
                          <p id={`${errorId}-edit`} className="text-xs text-red-700">
                            {editing.error}
                          </p>
                        ) : null}
                      </div>
                    ) : (
                      display(row)
                    )}
                  </td>
                  <td className="py-2 pr-2 text-slate-700">
                    {t(`types.${type}`)}
                    <span className="block text-xs text-slate-600">
                      {row.column ? t("productColumn") : t("freeKey")}
                    </span>
                  </td>
                  {canEdit ? (
                    <td className="py-2">
                      <div className="flex flex-wrap gap-1">
                        {isEditing ? (
                          <>
                            <Button
                              size="sm"
                              aria-label={t("saveLabel", { key: row.key })}
                              disabled={update.isPending}
                              onClick={() =>
                                save(
                                  row.key,
                                  editing.type,
                                  editing.text,
                                  (error) => setEditing({ ...editing, error }),
                                  () => stopEditing(row.key),
                                )
                              }
                            >
                              {t("save")}
                            </Button>
                            <Button size="sm" variant="ghost" onClick={() => stopEditing(row.key)}>
                              {t("cancel")}
                            </Button>
                          </>
                        ) : (
                          <>
                            <Button
                              size="sm"
                              variant="secondary"
                              data-edit-key={row.key}
                              aria-label={t("editLabel", { key: row.key })}
                              onClick={() =>
                                setEditing({
                                  key: row.key,
                                  type: typeOf(row),
                                  text: textFor(typeOf(row), row.value),
                                  error: null,
                                })
                              }
                            >
                              {t("edit")}
                            </Button>
                            {row.present ? (
                              <Button
                                size="sm"
                                variant="ghost"
                                className="text-red-800"
                                aria-label={t("removeLabel", { key: row.key })}
                                onClick={() => setRemoving(row.key)}
                              >
                                {t("remove")}
                              </Button>
                            ) : null}
                          </>
                        )}
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}

      {canEdit ? (
        <form
          className="mt-4 border-t border-slate-200 pt-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const key = draft.key.trim();
            if (!key) return setDraft({ ...draft, error: t("errors.keyRequired") });
            if (key in stored) return setDraft({ ...draft, error: t("errors.keyExists", { key }) });
            save(
              key,
              draftType,
              draft.text,
              (error) => setDraft({ ...draft, error }),
              () => setDraft({ key: "", type: "string", text: "", error: null }),
            );
          }}
        >
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("addTitle")}</h3>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_9rem_1fr_auto] sm:items-start">
            <TextField
              label={t("newKey")}
              value={draft.key}
              list={`${errorId}-keys`}
              autoComplete="off"
              onChange={(event) => setDraft({ ...draft, key: event.target.value, error: null })}
            />
            <datalist id={`${errorId}-keys`}>
              {columns
                .filter((column) => !(column.key in stored))
                .map((column) => (
                  <option key={column.key} value={column.key}>
                    {column.label}
                  </option>
                ))}
            </datalist>
            <SelectField
              label={t("newType")}
              value={draftType}
              disabled={draftColumn !== null}
              onChange={(event) => setDraft({ ...draft, type: event.target.value as ValueType, error: null })}
            >
              {draftColumn ? (
                <option value={draftColumn.type}>{t(`types.${draftColumn.type}`)}</option>
              ) : (
                <>
                  <option value="string">{t("types.string")}</option>
                  <option value="json">{t("types.json")}</option>
                </>
              )}
            </SelectField>
            <div>
              <label htmlFor={`${errorId}-value`} className="mb-1 block text-sm font-medium text-slate-700">
                {t("newValue")}
              </label>
              <ValueInput
                id={`${errorId}-value`}
                type={draftType}
                value={draft.text}
                label={t("newValue")}
                invalid={draft.error !== null}
                describedBy={draft.error ? `${errorId}-draft` : undefined}
                onChange={(text) => setDraft({ ...draft, text, error: null })}
              />
            </div>
            <Button type="submit" className="sm:mt-6" disabled={update.isPending}>
              {t("add")}
            </Button>
          </div>
          {draft.error ? (
            <p id={`${errorId}-draft`} className="mt-2 text-sm text-red-700">
              {draft.error}
            </p>
          ) : null}
        </form>
      ) : null}

      <div className="mt-3" aria-live="polite">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      </div>

      <ConfirmDialog
        open={removing !== null}
        title={t("confirmRemoveTitle")}
        message={removing ? t("confirmRemove", { key: removing }) : ""}
        focusConfirm
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const key = removing;
          setRemoving(null);
          if (!key) return;
          setMessage(null);
          remove.mutate([key], {
            onSuccess: () => setMessage({ tone: "success", text: t("removed", { key }) }),
            onError: (error) =>
              setMessage({ tone: "error", text: t("errors.save", { message: errorText.text(error) }) }),
          });
        }}
      />
    </Card>
  );
}
