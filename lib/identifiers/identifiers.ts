// CPF, CNPJ (numeric and the alphanumeric form valid since July 2026) and SUSEP codes: validation,
// normalisation and formatting, following the spec's "Identifier facts".

/** Strips punctuation and spaces and upper-cases letters: how identifiers are matched for search and deletion. */
export function normalizeIdentifier(value: string): string {
  return value.replace(/[^0-9a-zA-Z]/g, "").toUpperCase();
}

function mod11Digit(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, index) => total + value * weights[index]!, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const CPF_SHAPE = /^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/;

/** True for 11 digits (bare or as 000.000.000-00) with correct check digits, not all equal. */
export function isValidCpf(value: string): boolean {
  const trimmed = value.trim();
  if (!CPF_SHAPE.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, "").split("").map(Number);
  if (digits.every((digit) => digit === digits[0])) return false;
  const first = mod11Digit(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11Digit([...digits.slice(0, 9), first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits[9] === first && digits[10] === second;
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** True for a numeric or alphanumeric CNPJ (IN RFB 2.229/2024), bare or formatted, with correct check digits. */
export function isValidCnpj(value: string): boolean {
  const trimmed = value.trim().toUpperCase();
  if (!/^([0-9A-Z]{12}\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2})$/.test(trimmed)) return false;
  const chars = normalizeIdentifier(trimmed);
  if (/^(\d)\1{13}$/.test(chars)) return false;
  const values = chars.split("").map((char) => char.charCodeAt(0) - 48);
  const first = mod11Digit(values.slice(0, 12), CNPJ_WEIGHTS_1);
  const second = mod11Digit([...values.slice(0, 12), first], CNPJ_WEIGHTS_2);
  return values[12] === first && values[13] === second;
}

/**
 * An identifier shaped like a CPF (11 digits) or a CNPJ (14 positions) whose check digits are wrong; other identifiers
 * (a SUSEP code, a foreign document) are accepted as text, as document/create accepts them. Null when nothing is wrong.
 */
export function checkDigitsProblem(value: string): "cpf_invalid" | "cnpj_invalid" | null {
  const bare = normalizeIdentifier(value);
  if (/^\d{11}$/.test(bare) && !isValidCpf(bare)) return "cpf_invalid";
  if (/^[0-9A-Z]{12}\d{2}$/.test(bare) && !isValidCnpj(bare)) return "cnpj_invalid";
  return null;
}

type IdentifierKind = "cpf" | "cnpj" | "other";

export function identifierKind(value: string): IdentifierKind {
  if (isValidCpf(value)) return "cpf";
  if (isValidCnpj(value)) return "cnpj";
  return "other";
}

/** 12345678909 → 123.456.789-09; 11222333000181 → 11.222.333/0001-81; anything else is returned as typed. */
export function formatIdentifier(value: string): string {
  const kind = identifierKind(value);
  const raw = normalizeIdentifier(value);
  if (kind === "cpf") return `${raw.slice(0, 3)}.${raw.slice(3, 6)}.${raw.slice(6, 9)}-${raw.slice(9)}`;
  if (kind === "cnpj")
    return `${raw.slice(0, 2)}.${raw.slice(2, 5)}.${raw.slice(5, 8)}/${raw.slice(8, 12)}-${raw.slice(12)}`;
  return value;
}

/** For display after erasure and in lists: ***.456.789-** (only the middle six digits of a CPF remain). */
export function maskCpf(value: string): string {
  const digits = value.replace(/\D/g, "");
  if (digits.length !== 11) return "***";
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** Masks any identifier for lists: a CPF as ***.456.789-**, others keep only their last three characters. */
export function maskIdentifier(value: string): string {
  if (isValidCpf(value)) return maskCpf(value);
  const raw = normalizeIdentifier(value);
  return raw.length <= 3 ? "***" : `${"*".repeat(Math.min(raw.length - 3, 11))}${raw.slice(-3)}`;
}

/** Replaces anything shaped like a CPF (bare or formatted) so error texts can be stored and logged safely. */
export function redactCpfs(text: string): string {
  return text.replace(/\d{3}\.?\d{3}\.?\d{3}-?\d{2}/g, "***");
}
