"use client";

import { useId } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
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
  // The value is checked by the editor's `save` (its type's parser, then the server): one message under the row.
  const form = useZodForm<{ key: string; type: ValueType; text: string }>({
    fields: [],
    defaultValues: { key: "", type: "string", text: "" },
  });
  const [key, type] = useWatch({ control: form.control, name: ["key", "type"] });
  const error = form.rootError ?? null;
  const fail = (message: string) => form.setError("root", { message });
  const draftColumn = columns.find((column) => column.key === key.trim()) ?? null;
  const draftType: ValueType = draftColumn ? draftColumn.type : type === "json" ? "json" : "string";

  return (
    <form
      className="mt-4 border-t border-slate-200 pt-4"
      noValidate
      // Any edit clears the message (it was about the previous draft).
      onChange={() => form.clearErrors("root")}
      onSubmit={form.handleSubmit((values) => {
        const trimmed = values.key.trim();
        if (!trimmed) return fail(t("errors.keyRequired"));
        if (trimmed in stored) return fail(t("errors.keyExists", { key: trimmed }));
        save(trimmed, draftType, values.text, fail, () => form.reset());
      })}
    >
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("addTitle")}</h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_9rem_1fr_auto] sm:items-start">
        <TextField label={t("newKey")} list={`${errorId}-keys`} autoComplete="off" {...form.register("key")} />
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
          onChange={(event) => form.setValue("type", event.target.value as ValueType)}
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
          <Controller
            control={form.control}
            name="text"
            render={({ field }) => (
              <ValueInput
                id={`${errorId}-value`}
                type={draftType}
                column={draftColumn}
                value={field.value}
                label={t("newValue")}
                invalid={error !== null}
                describedBy={error ? `${errorId}-draft` : undefined}
                onChange={(text) => {
                  form.clearErrors("root");
                  field.onChange(text);
                }}
              />
            )}
          />
        </div>
        <Button type="submit" className="sm:mt-6" disabled={pending}>
          {t("add")}
        </Button>
      </div>
      {error ? (
        <p id={`${errorId}-draft`} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
