"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { DataTable, type Column as TableColumn } from "@/components/ui/table.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useRemoveFilledColumns, useUpdateDocument, type StaffDocumentView } from "@/lib/api-client/document.ts";
import { AddKeyForm } from "./filled-columns/add-key-form.tsx";
import { ValueInput } from "./filled-columns/value-input.tsx";
import {
  CONTROL,
  parseValue,
  textFor,
  typeOf,
  type Column,
  type Row,
  type ValueType,
} from "./filled-columns/values.ts";
import { useCalendarDate, valueText } from "./format.ts";

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
  // Only the row that is still being edited closes: a save that succeeds after the user opened another row's
  // editor must not close that one.
  const stopEditing = (key: string) => {
    focusAfterEdit.current = key;
    setEditing((current) => (current === null || current.key === key ? null : current));
  };
  useEffect(() => {
    const key = focusAfterEdit.current;
    if (editing !== null || key === null) return;
    focusAfterEdit.current = null;
    document.querySelector<HTMLButtonElement>(`button[data-edit-key="${CSS.escape(key)}"]`)?.focus();
  }, [editing]);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  /** People read a column's label; a free key (no product column) has only its key. */
  const labelOf = (key: string) => columns.find((candidate) => candidate.key === key)?.label ?? key;

  function save(key: string, type: ValueType, text: string, onInvalid: (error: string) => void, onDone: () => void) {
    const column = columns.find((candidate) => candidate.key === key) ?? null;
    const parsed = parseValue(type, text, column);
    if (!parsed.ok) {
      return onInvalid(
        t(`errors.${parsed.error}`, { value: parsed.params?.value ?? text, options: parsed.params?.options ?? "" }),
      );
    }
    setMessage(null);
    update.mutate(
      { filled_columns: { [key]: parsed.value } },
      {
        onSuccess: () => {
          setMessage({ tone: "success", text: t("saved", { key: column?.label ?? key }) });
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
    if (type === "currency" && typeof row.value === "number") {
      return format.number(row.value, { style: "currency", currency: "BRL" });
    }
    if ((type === "number" || type === "integer") && typeof row.value === "number") return format.number(row.value);
    if (type === "boolean" && typeof row.value === "boolean") return row.value ? t("yes") : t("no");
    return <span className={type === "json" ? "font-mono text-xs" : undefined}>{valueText(row.value)}</span>;
  }

  const editErrorId = useId();
  /** Saves the row being edited (Enter in its input, or its Save button). */
  const submitEdit = (key: string) => {
    if (!editing) return;
    save(
      key,
      editing.type,
      editing.text,
      (error) => setEditing({ ...editing, error }),
      () => stopEditing(key),
    );
  };

  const tableColumns: Array<TableColumn<Row>> = [
    {
      key: "key",
      label: t("key"),
      className: "w-[28%]",
      rowHeader: true,
      cellClassName: "break-words text-left",
      cell: (row) => (
        <>
          {row.column ? row.column.label : row.key}
          {row.column?.required ? (
            <span className="ml-1 text-xs font-normal text-red-800">({t("requiredMark")})</span>
          ) : null}
          {row.column ? <span className="block font-mono text-xs font-normal text-slate-600">{row.key}</span> : null}
        </>
      ),
    },
    {
      key: "value",
      label: t("value"),
      cellClassName: "break-words text-slate-900",
      cell: (row) =>
        editing?.key === row.key ? (
          <div className="space-y-1">
            {!row.column ? (
              <select
                aria-label={t("typeFor", { key: row.key })}
                value={editing.type}
                onChange={(event) => setEditing({ ...editing, type: event.target.value as ValueType, error: null })}
                className={CONTROL}
              >
                <option value="string">{t("types.string")}</option>
                <option value="json">{t("types.json")}</option>
              </select>
            ) : null}
            <ValueInput
              type={editing.type}
              column={row.column}
              value={editing.text}
              label={t("valueFor", { key: row.key })}
              invalid={editing.error !== null}
              autoFocus
              onSubmit={() => submitEdit(row.key)}
              onCancel={() => stopEditing(row.key)}
              describedBy={editing.error ? editErrorId : undefined}
              onChange={(text) => setEditing({ ...editing, text, error: null })}
            />
            {editing.error ? (
              <p id={editErrorId} className="text-xs text-red-700">
                {editing.error}
              </p>
            ) : null}
          </div>
        ) : (
          display(row)
        ),
    },
    {
      key: "type",
      label: t("type"),
      className: "w-[17%]",
      cellClassName: "text-slate-700",
      cell: (row) => (
        <>
          {t(`types.${editing?.key === row.key ? editing.type : typeOf(row)}`)}
          <span className="block text-xs text-slate-600">{row.column ? t("productColumn") : t("freeKey")}</span>
        </>
      ),
    },
    ...(canEdit
      ? [
          {
            key: "actions",
            label: t("actions"),
            srOnly: true,
            className: "w-[25%]",
            cell: (row: Row) => (
              <div className="flex flex-wrap gap-1">
                {editing?.key === row.key ? (
                  <>
                    <Button
                      size="sm"
                      aria-label={t("saveLabel", { key: row.key })}
                      disabled={update.isPending}
                      onClick={() => submitEdit(row.key)}
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
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={t("title")}>
      {rows.length === 0 ? <p className="text-sm text-slate-700">{t("empty")}</p> : null}
      <DataTable
        label={t("caption")}
        className="[&_table]:table-fixed"
        rows={rows}
        rowKey={(row) => row.key}
        rowAttributes={(row) => ({ "data-key": row.key })}
        columns={tableColumns}
      />

      {canEdit ? <AddKeyForm columns={columns} stored={stored} pending={update.isPending} save={save} /> : null}

      <div className="mt-3" aria-live="polite">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      </div>

      <ConfirmDialog
        open={removing !== null}
        title={t("confirmRemoveTitle")}
        message={removing ? t("confirmRemove", { key: labelOf(removing) }) : ""}
        focusConfirm
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const key = removing;
          setRemoving(null);
          if (!key) return;
          setMessage(null);
          remove.mutate([key], {
            onSuccess: () => setMessage({ tone: "success", text: t("removed", { key: labelOf(key) }) }),
            onError: (error) =>
              setMessage({ tone: "error", text: t("errors.save", { message: errorText.text(error) }) }),
          });
        }}
      />
    </Card>
  );
}
