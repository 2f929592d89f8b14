// CSV import, the part shared by the browser (preview with per-row errors) and the server (the authority): a row
// whose cells were mapped to document fields becomes a document/create input, with status and product given by name
// or id. No server-only imports here.
import { z } from "zod";
import { type FieldError } from "../errors/app-error.ts";
import { fieldErrors } from "../errors/field-errors.ts";
import { COLUMN_ERROR_TEXT, parseColumnValue, type ColumnSpec } from "../columns/values.ts";
import { checkDigitsProblem } from "../identifiers/identifiers.ts";
import { createDocumentSchema, type CreateDocumentInput } from "./schemas.ts";

/** Fields a CSV header can be mapped to; any other header becomes a key of filled_columns. */
export const IMPORT_FIELDS = [
  "status",
  "product",
  "cpf",
  "name",
  "email",
  "phone",
  "modality_identifier",
  "sla_total",
  "source",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** One request imports at most this many rows, all or nothing. */
export const MAX_IMPORT_ROWS = 5000;

/** A row's problem: `code` + `params` are what the UI translates; `message` is the API's English text. */
export type ImportRowError = { row: number } & FieldError;

export type ImportCatalog = {
  statuses: Array<{ id: number; name: string }>;
  products: Array<{ id: number; name: string; columns?: ColumnSpec[] }>;
};

const scalar = z.union([z.string(), z.number(), z.boolean()]).nullable().optional();

/**
 * The request body: mapped rows (cells as text), validated row by row by `toCreateInput`. `valid_only`: import the
 * valid rows and answer the others' errors in `skipped` (default: all or nothing).
 */
export const importBodySchema = z.object({
  valid_only: z.boolean().optional(),
  rows: z
    .array(
      z.object({
        ...Object.fromEntries(IMPORT_FIELDS.map((field) => [field, scalar])),
        filled_columns: z.record(z.string(), scalar).optional(),
      }),
    )
    .min(1, "No rows to import")
    .max(MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} rows per import`),
});

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value).trim());
const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("pt-BR")
    .trim();

function resolve<T extends { id: number; name: string }>(items: T[], value: string): T | undefined {
  if (/^\d+$/.test(value)) {
    const byId = items.find((item) => item.id === Number(value));
    if (byId) return byId;
  }
  const wanted = fold(value);
  return items.find((item) => fold(item.name) === wanted);
}

/**
 * Row → document/create input, or the row's errors (paths are import field names, `filled_columns.<key>` for
 * columns). Empty cells count as absent: an empty sla_total takes the product's default, as the API does.
 */
export function toCreateInput(
  row: Record<string, unknown>,
  catalog: ImportCatalog,
): { input: CreateDocumentInput | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const statusText = text(row.status);
  const productText = text(row.product);
  const status = statusText ? resolve(catalog.statuses, statusText) : undefined;
  const product = productText ? resolve(catalog.products, productText) : undefined;
  if (!statusText) errors.push({ path: "status", message: "status is required", code: "required" });
  else if (!status) {
    errors.push({
      path: "status",
      message: `Unknown status "${statusText}"`,
      code: "unknown_status",
      params: { value: statusText },
    });
  }
  if (!productText) errors.push({ path: "product", message: "product is required", code: "required" });
  else if (!product) {
    errors.push({
      path: "product",
      message: `Unknown product "${productText}"`,
      code: "unknown_product",
      params: { value: productText },
    });
  }

  // Typed product columns go through the shared pt-BR parser (lib/columns/values.ts): "76.800,00" is 76800 in a
  // number column, "1.234" is refused as ambiguous, a required column must have a value.
  const columns = new Map((product?.columns ?? []).map((column) => [column.key, column]));
  const filled: Record<string, string | number | boolean> = {};
  const cells = (row.filled_columns ?? {}) as Record<string, unknown>;
  for (const [key, raw] of Object.entries(cells)) {
    const value = text(raw);
    if (!key.trim() || !value) continue;
    const column = columns.get(key.trim());
    if (!column) {
      filled[key.trim()] = value;
      continue;
    }
    const parsed = parseColumnValue(column, value);
    if (parsed.ok) {
      if (parsed.value !== null) filled[key.trim()] = parsed.value;
    } else {
      errors.push({
        path: `filled_columns.${key.trim()}`,
        message: parsed.message,
        code: parsed.code,
        params: parsed.params,
      });
    }
  }
  for (const column of columns.values()) {
    if (column.required && !Object.entries(cells).some(([key, value]) => key.trim() === column.key && text(value))) {
      errors.push({ path: `filled_columns.${column.key}`, message: COLUMN_ERROR_TEXT.required, code: "required" });
    }
  }
  // An identifier shaped like a CPF (11 digits) or a CNPJ (14 positions) must have its check digits right; other
  // identifiers (a SUSEP code, a foreign document) are accepted as text, as document/create does.
  const identifierProblem = checkDigitsProblem(text(row.cpf));
  if (identifierProblem === "cpf_invalid") {
    errors.push({ path: "cpf", message: "CPF inválido: os dígitos verificadores não conferem", code: "cpf_invalid" });
  } else if (identifierProblem === "cnpj_invalid") {
    errors.push({ path: "cpf", message: "CNPJ inválido: os dígitos verificadores não conferem", code: "cnpj_invalid" });
  }
  // An unresolved status or product is already reported; a placeholder id lets the schema check the other fields.
  const candidate: Record<string, unknown> = {
    status_id: status?.id ?? 1,
    product_id: product?.id ?? 1,
    cpf: text(row.cpf),
  };
  for (const field of ["name", "email", "phone", "modality_identifier", "source", "sla_total"] as const) {
    const value = text(row[field]);
    if (value) candidate[field] = field === "sla_total" ? value.replace(",", ".") : value;
  }
  if (Object.keys(filled).length) candidate.filled_columns = filled;

  const parsed = createDocumentSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const error of fieldErrors(parsed.error.issues)) {
      errors.push({ ...error, path: error.path === "(body)" ? "(row)" : error.path });
    }
  }
  return errors.length ? { input: null, errors } : { input: parsed.data!, errors };
}
