// The staff "Novo documento" form: its values are strings as typed; newDocumentFormSchema turns them into
// the body of POST /api/document/create and validates it with that route's own schema (createDocumentSchema), so the
// form refuses exactly what the API refuses, with the same messages at the same paths (field names = API paths,
// product columns as filled_columns.<key>). No server-only imports: the browser runs it.
import { z } from "zod";
import { parseBrInteger } from "../columns/values.ts";
import { checkDigitsProblem } from "../identifiers/identifiers.ts";
import type { FilterOptions } from "./search-schema.ts";
import { createDocumentSchema } from "./schemas.ts";

type ProductColumnDefinition = Pick<FilterOptions["products"][number]["columns"][number], "key" | "type">;

export type NewDocumentValues = {
  product_id: string;
  status_id: string;
  cpf: string;
  name: string;
  email: string;
  phone: string;
  modality_identifier: string;
  sla_total: string;
  source: string;
  /** The responsible user's id, "" for nobody. */
  user_id: string;
  filled_columns: Record<string, string>;
};

export const EMPTY_NEW_DOCUMENT: NewDocumentValues = {
  product_id: "",
  status_id: "",
  cpf: "",
  name: "",
  email: "",
  phone: "",
  modality_identifier: "",
  sla_total: "",
  source: "",
  user_id: "",
  filled_columns: {},
};

/** A typed column value as its JSON: numbers for number/currency columns, true/false for yes/no; text otherwise. */
function columnValue(raw: string, type: ProductColumnDefinition["type"]): unknown {
  const value = raw.trim();
  if ((type === "number" || type === "currency") && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (type === "integer") {
    // Typed the pt-BR way ("45.300"): read as the page and the import read it; what does not parse goes as typed
    // and the API names the problem.
    const parsed = parseBrInteger(value);
    return parsed.ok ? parsed.value : value;
  }
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** The create body for `values`: empty optional fields left out, ids and hours as numbers when they are numbers. */
export function newDocumentBody(
  values: NewDocumentValues,
  columns: ProductColumnDefinition[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const id = (value: string) => (/^\d+$/.test(value) ? Number(value) : value || undefined);
  body.status_id = id(values.status_id);
  body.product_id = id(values.product_id);
  body.cpf = values.cpf;
  if (values.user_id) body.user_id = id(values.user_id);
  for (const key of ["name", "email", "phone", "modality_identifier", "source"] as const) {
    if (values[key].trim()) body[key] = values[key];
  }
  if (values.sla_total.trim()) {
    body.sla_total = /^\d+(\.\d+)?$/.test(values.sla_total.trim()) ? Number(values.sla_total) : values.sla_total;
  }
  const filled: Record<string, unknown> = {};
  for (const column of columns) {
    const raw = values.filled_columns[column.key];
    if (raw !== undefined && raw.trim() !== "") filled[column.key] = columnValue(raw, column.type);
  }
  if (Object.keys(filled).length) body.filled_columns = filled;
  return body;
}

/** The form's schema: the form values in, the API's create body out. */
export function newDocumentFormSchema(columns: ProductColumnDefinition[]) {
  return z
    .custom<NewDocumentValues>((value) => typeof value === "object" && value !== null)
    .transform((values) => newDocumentBody(values, columns))
    .pipe(createDocumentSchema);
}

/**
 * One field's own check, as the person leaves it and again on submit: the CPF/CNPJ check digits (as the import checks
 * them, lib/documents/import-rows.ts; document/create accepts any identifier) and the e-mail's shape. The problem's
 * error code (worded in pt-BR by the page like the server's), or null.
 */
export function newDocumentFieldProblem(field: "cpf" | "email", value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (field === "cpf") return checkDigitsProblem(text);
  return createDocumentSchema.shape.email.safeParse(text).success ? null : "email";
}
