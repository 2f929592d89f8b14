"use client";

import { CONTROL, type ValueType } from "./values.ts";

/** The value input for a type: text, number, date, or a JSON text area. */
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
