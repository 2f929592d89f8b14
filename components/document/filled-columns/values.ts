// filled_columns values in the editor: their type, their text in an input, and the text parsed back.

export type ValueType = "string" | "number" | "date" | "json";
export type Column = { key: string; label: string; type: "string" | "number" | "date" };
export type Row = { key: string; column: Column | null; value: unknown; present: boolean };
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type Parsed = { ok: true; value: JsonValue } | { ok: false; error: "required" | "number" | "date" | "json" };

export const CONTROL =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:border-brand-600";

export function typeOf(row: { column: Column | null; value: unknown }): ValueType {
  if (row.column) return row.column.type;
  return typeof row.value === "string" || row.value === undefined ? "string" : "json";
}

export function textFor(type: ValueType, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (type === "json") return JSON.stringify(value);
  if (type === "date" && typeof value === "string") return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function parseValue(type: ValueType, text: string): Parsed {
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
