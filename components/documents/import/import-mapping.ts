// CSV import, in the browser: which document field each header of the file feeds, and the rows as the API takes them.
import { IMPORT_FIELDS, type ImportCatalog, type ImportField } from "@/lib/documents/import-rows.ts";

export type Target = ImportField | "column" | "ignore";
export type Mapping = Record<string, Target>;
export type ParsedFile = { fileName: string; headers: string[]; rows: Array<Record<string, string>> };

/** Without these the server refuses every row. */
export const REQUIRED_FIELDS: ImportField[] = ["status", "product", "cpf"];

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const ALIASES: Record<ImportField, string[]> = {
  status: ["status", "status id", "situacao", "estado"],
  product: ["product", "product id", "produto"],
  cpf: ["cpf", "cnpj", "cpf cnpj", "identificador", "documento"],
  name: ["name", "nome", "cliente"],
  email: ["email", "e mail"],
  phone: ["phone", "telefone", "celular", "fone"],
  modality_identifier: ["modality", "modality identifier", "modalidade"],
  sla_total: ["sla", "sla total", "sla horas"],
  source: ["source", "fonte", "origem"],
};

/** A first guess of each header's field; anything unrecognised becomes a filled_columns key. */
export function guessMapping(headers: string[]): Mapping {
  const taken = new Set<ImportField>();
  return Object.fromEntries(
    headers.map((header) => {
      const folded = fold(header);
      const field = IMPORT_FIELDS.find((candidate) => !taken.has(candidate) && ALIASES[candidate].includes(folded));
      if (field) taken.add(field);
      return [header, field ?? "column"];
    }),
  );
}

/** One header per document field: choosing a field for `header` releases it from any other header. */
export function withTarget(mapping: Mapping, header: string, target: Target): Mapping {
  const next = { ...mapping, [header]: target };
  if (target !== "column" && target !== "ignore") {
    for (const [other, value] of Object.entries(next)) if (other !== header && value === target) next[other] = "ignore";
  }
  return next;
}

/** Extra headers named like a product column (its key or label, ignoring case and accents) use that column's key. */
export function columnKeys(catalog: ImportCatalog): Map<string, string> {
  const keys = new Map<string, string>();
  for (const product of catalog.products) {
    for (const column of product.columns ?? []) {
      keys.set(fold(column.key), column.key);
      if (column.label) keys.set(fold(column.label), column.key);
    }
  }
  return keys;
}

export function mapRow(row: Record<string, string>, mapping: Mapping, keys: Map<string, string>) {
  const mapped: Record<string, unknown> & { filled_columns: Record<string, string> } = { filled_columns: {} };
  for (const [header, target] of Object.entries(mapping)) {
    if (target === "ignore") continue;
    if (target === "column") mapped.filled_columns[keys.get(fold(header)) ?? header] = row[header] ?? "";
    else mapped[target] = row[header] ?? "";
  }
  return mapped;
}
