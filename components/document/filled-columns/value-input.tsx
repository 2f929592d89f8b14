"use client";

import { useTranslations } from "use-intl";
import { CONTROL, previewOf, type Column, type ValueType } from "./values.ts";

/**
 * The value input for a type: text (numbers, money and dates are typed the Brazilian way — "71.250,50",
 * "dd/mm/aaaa" — and the parsed value is shown before saving), a list or yes/no choice, or a JSON text area.
 */
export function ValueInput({
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
  column,
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
  /** The product column being edited (its list options). */
  column?: Column | null;
}) {
  const t = useTranslations("document.columns");
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
  if (type === "enum" || type === "boolean") {
    const options =
      type === "boolean"
        ? [
            { value: "sim", label: t("yes") },
            { value: "não", label: t("no") },
          ]
        : (column?.options ?? []).map((option) => ({ value: option, label: option }));
    return (
      <select {...common} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("choose")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  const preview = invalid ? null : previewOf(type, value, column);
  return (
    <>
      <input
        type="text"
        inputMode={
          type === "number" || type === "currency"
            ? "decimal"
            : type === "date" || type === "integer"
              ? "numeric"
              : undefined
        }
        placeholder={type === "date" ? "dd/mm/aaaa" : type === "currency" ? "71.250,50" : undefined}
        autoComplete="off"
        {...common}
        onChange={(event) => onChange(event.target.value)}
      />
      {type === "number" || type === "integer" || type === "currency" || type === "date" ? (
        <p className="mt-1 min-h-4 text-xs text-slate-700" aria-live="polite" data-testid="value-preview">
          {preview ? t("preview", { value: preview }) : null}
        </p>
      ) : null}
    </>
  );
}
