// filled_columns values in the editor: their type, their text in an input, and the text parsed back. Typed product
// columns go through the shared pt-BR parser (lib/columns/values.ts), the same one the import uses.
import {
  editTextFor,
  formatColumnValue,
  parseColumnValue,
  type ColumnType,
  type ColumnValueErrorCode,
} from "@/lib/columns/values.ts";

export type ValueType = ColumnType | "json";
export type Column = { key: string; label: string; type: ColumnType; required?: boolean; options?: string[] };
export type Row = { key: string; column: Column | null; value: unknown; present: boolean };
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type ParseError = "required" | "json" | ColumnValueErrorCode;
export type Parsed = { ok: true; value: JsonValue } | { ok: false; error: ParseError; params?: Record<string, string> };

export const CONTROL =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:border-brand-600";

export function typeOf(row: { column: Column | null; value: unknown }): ValueType {
  if (row.column) return row.column.type;
  return typeof row.value === "string" || row.value === undefined ? "string" : "json";
}

export function textFor(type: ValueType, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (type === "json") return JSON.stringify(value);
  if (type === "date" && typeof value === "string" && !/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  return editTextFor(type, value);
}

/** The text typed for a value → the JSON value saved, or why not (an empty value is always refused here). */
export function parseValue(type: ValueType, text: string, column?: Column | null): Parsed {
  if (text.trim() === "") return { ok: false, error: "required" };
  if (type === "json") {
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch {
      return { ok: false, error: "json" };
    }
  }
  if (type === "string") return { ok: true, value: text };
  const parsed = parseColumnValue({ key: column?.key ?? "", type, options: column?.options ?? [] }, text);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, error: parsed.code, params: parsed.params };
}

/** "Será salvo como …": the parsed value as a person reads it, or null while the text does not parse. */
export function previewOf(type: ValueType, text: string, column?: Column | null): string | null {
  if (type === "string" || type === "json") return null;
  const parsed = parseValue(type, text, column);
  return parsed.ok ? formatColumnValue(type, parsed.value) : null;
}
