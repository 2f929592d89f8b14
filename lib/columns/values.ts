// Typed product-column values the Brazilian way — the ONE parser shared by the staff page (browser), the CSV import
// (browser preview and server) and the export's formatting. No server-only imports here.
//
// Numbers: "71.250,50", "71250,5" and "71250.5" all mean 71250.5. A text that could mean two different numbers
// ("1.234": one thousand two hundred thirty-four in pt-BR, 1.234 in English) is refused with a message instead of
// guessed — never a silent different value (docs/decisions/0050-brazilian-data.md).

export const COLUMN_TYPES = ["string", "number", "integer", "currency", "date", "enum", "boolean"] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** A product column as the parser needs it (the catalog's column answer has these fields). */
export type ColumnSpec = {
  key: string;
  label?: string;
  type: ColumnType | string;
  required?: boolean;
  options?: string[] | null;
};

export type ColumnValueErrorCode =
  | "required"
  | "number_format"
  | "number_ambiguous"
  | "integer_format"
  | "currency_decimals"
  | "date_format"
  | "date_invalid"
  | "enum_option"
  | "boolean_format";

type ParsedValue =
  | { ok: true; value: string | number | boolean | null }
  | { ok: false; code: ColumnValueErrorCode; message: string; params?: Record<string, string> };

type Failure = Extract<ParsedValue, { ok: false }>;

/** The problem in Portuguese (the import's error report and the API's `errors[].message` for typed columns). */
export const COLUMN_ERROR_TEXT: Record<ColumnValueErrorCode, string> = {
  required: "campo obrigatório",
  number_format: "número inválido: use, por exemplo, 71.250,50 ou 71250,5",
  number_ambiguous:
    'número ambíguo: "{value}" pode ser milhar ou decimal; escreva sem ponto de milhar (ex.: 1234) ou com vírgula decimal (ex.: 1,234)',
  integer_format: "número inteiro inválido: use, por exemplo, 45.300 ou 45300",
  currency_decimals: "valor em reais com mais de 2 casas decimais",
  date_format: "data inválida: use dd/mm/aaaa",
  date_invalid: "data inexistente no calendário",
  enum_option: "valor fora da lista: use um de {options}",
  boolean_format: "use sim ou não",
};

function failure(code: ColumnValueErrorCode, params?: Record<string, string>): Failure {
  let message = COLUMN_ERROR_TEXT[code];
  for (const [name, value] of Object.entries(params ?? {})) message = message.replace(`{${name}}`, value);
  return { ok: false, code, message, ...(params ? { params } : {}) };
}

const SPACES = /[\s\u00a0\u202f]/g;

/**
 * A number typed the Brazilian way (or plainly). Accepted: digits with an optional sign; a comma as the decimal
 * separator with optional dot thousands groups ("71.250,50"); a dot as the decimal separator when it cannot be a
 * thousands dot ("71250.5"); several dot groups ("1.234.567"). "R$" and spaces are ignored. Refused: a single dot
 * followed by exactly three digits ("1.234", ambiguous), English thousands commas ("71,250.50"), anything else.
 */
export function parseBrNumber(input: string): { ok: true; value: number } | Failure {
  const text = input.replace(SPACES, "").replace(/^([-+]?)R\$/i, "$1");
  const match = /^([-+]?)(.*)$/.exec(text)!;
  const sign = match[1] === "-" ? -1 : 1;
  const body = match[2]!;
  let canonical: string | null = null;
  if (/^\d+$/.test(body)) canonical = body;
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(body) || /^\d+,\d+$/.test(body)) {
    canonical = body.replace(/\./g, "").replace(",", ".");
  } else if (/^\d{1,3}(\.\d{3}){2,}$/.test(body)) canonical = body.replace(/\./g, "");
  else if (/^\d{1,3}\.\d{3}$/.test(body)) return failure("number_ambiguous", { value: input.trim() });
  else if (/^\d*\.\d+$/.test(body)) canonical = body;
  if (canonical === null || canonical === "") return failure("number_format");
  const value = sign * Number(canonical);
  if (!Number.isFinite(value)) return failure("number_format");
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/**
 * A whole number typed the Brazilian way: dots only group thousands, so "45.300" is 45300 without asking (a decimal
 * column cannot assume that: "1.234" may be an English decimal there). "R$", spaces and a ",00" are allowed; any
 * other decimal part is refused.
 */
export function parseBrInteger(input: string): { ok: true; value: number } | Failure {
  const text = input.replace(SPACES, "").replace(/^([-+]?)R\$/i, "$1");
  const match = /^([-+]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,0+)?$/.exec(text);
  if (!match) return failure("integer_format");
  const value = (match[1] === "-" ? -1 : 1) * Number(match[2]!.replace(/\./g, ""));
  if (!Number.isSafeInteger(value)) return failure("integer_format");
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/** A date typed dd/mm/aaaa (or ISO aaaa-mm-dd), checked against the calendar; answered as ISO aaaa-mm-dd. */
export function parseBrDate(input: string): { ok: true; value: string } | Failure {
  const text = input.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!br && !iso) return failure("date_format");
  const [year, month, day] = br ? [br[3]!, br[2]!, br[1]!] : [iso![1]!, iso![2]!, iso![3]!];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  ) {
    return failure("date_invalid");
  }
  return { ok: true, value: `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}` };
}

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("pt-BR")
    .trim();

const YES = new Set(["sim", "s", "true", "1", "yes", "y", "verdadeiro", "x"]);
const NO = new Set(["nao", "n", "false", "0", "no", "falso"]);

/**
 * A cell or JSON value for a typed column. Empty text (or null) is `null` — refused when the column is required.
 * JSON numbers and booleans pass for the matching types; text is parsed the Brazilian way.
 */
export function parseColumnValue(column: ColumnSpec, raw: unknown): ParsedValue {
  const text = raw === null || raw === undefined ? "" : typeof raw === "string" ? raw.trim() : null;
  if (text === "") return column.required ? failure("required") : { ok: true, value: null };
  switch (column.type) {
    case "number":
    case "currency": {
      let value: number;
      if (typeof raw === "number") {
        if (!Number.isFinite(raw)) return failure("number_format");
        value = raw;
      } else if (text === null) return failure("number_format");
      else {
        const parsed = parseBrNumber(text);
        if (!parsed.ok) return parsed;
        value = parsed.value;
      }
      if (column.type === "currency" && Math.abs(Math.round(value * 100) - value * 100) > 1e-6) {
        return failure("currency_decimals");
      }
      return { ok: true, value };
    }
    case "integer": {
      if (typeof raw === "number")
        return Number.isSafeInteger(raw) ? { ok: true, value: raw } : failure("integer_format");
      return text === null ? failure("integer_format") : parseBrInteger(text);
    }
    case "date":
      return text === null ? failure("date_format") : parseBrDate(text);
    case "boolean": {
      if (typeof raw === "boolean") return { ok: true, value: raw };
      const word = text === null ? String(raw) : fold(text);
      if (YES.has(word)) return { ok: true, value: true };
      if (NO.has(word)) return { ok: true, value: false };
      return failure("boolean_format");
    }
    case "enum": {
      const options = column.options ?? [];
      const wanted = fold(text ?? String(raw));
      const option = options.find((candidate) => fold(candidate) === wanted);
      return option !== undefined
        ? { ok: true, value: option }
        : failure("enum_option", { options: options.join(", ") });
    }
    default:
      return { ok: true, value: text ?? String(raw) };
  }
}

const numberFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 10 });
const currencyFormat = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 71250.5 → "71.250,5". */
export const formatBrNumber = (value: number) => numberFormat.format(value);
/** 71250.5 → "R$ 71.250,50" (with the no-break space Intl puts after the symbol). */
export const formatBrl = (value: number) => currencyFormat.format(value);
/** "2026-03-01" → "01/03/2026"; anything else as is. */
const formatBrDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
};

/** A stored value as a person reads it in pt-BR (the document page, the export). */
export function formatColumnValue(type: ColumnType | string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (type === "currency" && typeof value === "number") return formatBrl(value);
  if ((type === "number" || type === "integer") && typeof value === "number") return formatBrNumber(value);
  if (type === "date" && typeof value === "string") return formatBrDate(value);
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The text an editor starts from for a stored value (the inverse of parseColumnValue for valid values). */
export function editTextFor(type: ColumnType | string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (type === "integer" && typeof value === "number") return formatBrNumber(value);
  if ((type === "number" || type === "currency") && typeof value === "number") {
    return new Intl.NumberFormat("pt-BR", {
      maximumFractionDigits: 10,
      minimumFractionDigits: type === "currency" ? 2 : 0,
      useGrouping: false,
    }).format(value);
  }
  if (type === "date" && typeof value === "string") return formatBrDate(value);
  if (type === "boolean" && typeof value === "boolean") return value ? "sim" : "não";
  return typeof value === "string" ? value : JSON.stringify(value);
}
