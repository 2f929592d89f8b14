"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { ValueInput } from "./value-input.tsx";
import type { Column, ValueType } from "./values.ts";

export type SaveValue = (
  key: string,
  type: ValueType,
  text: string,
  onInvalid: (error: string) => void,
  onDone: () => void,
) => void;

/** "Adicionar campo": a product column not filled yet (typed) or a free key (text or JSON), and its value. */
export function AddKeyForm({
  columns,
  stored,
  pending,
  save,
}: {
  columns: Column[];
  stored: Record<string, unknown>;
  pending: boolean;
  save: SaveValue;
}) {
  const t = useTranslations("document.columns");
  const errorId = useId();
  const [draft, setDraft] = useState({ key: "", type: "string" as ValueType, text: "", error: null as string | null });
  const draftColumn = columns.find((column) => column.key === draft.key.trim()) ?? null;
  const draftType: ValueType = draftColumn ? draftColumn.type : draft.type === "json" ? "json" : "string";

  return (
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
            column={draftColumn}
            value={draft.text}
            label={t("newValue")}
            invalid={draft.error !== null}
            describedBy={draft.error ? `${errorId}-draft` : undefined}
            onChange={(text) => setDraft({ ...draft, text, error: null })}
          />
        </div>
        <Button type="submit" className="sm:mt-6" disabled={pending}>
          {t("add")}
        </Button>
      </div>
      {draft.error ? (
        <p id={`${errorId}-draft`} className="mt-2 text-sm text-red-700">
          {draft.error}
        </p>
      ) : null}
    </form>
  );
}
