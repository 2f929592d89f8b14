// Finding and masking one person's CPF, names, e-mails and phones inside text and JSON that stays after an LGPD
// deletion (other documents' history and observations, saved filters, audit rows …; see erasure-scope.ts).
//
// Two forms of one matcher: a PostgreSQL regular expression that pre-selects candidate rows in SQL (deliberately
// looser: no word boundaries, case handled with character classes so it works in any database locale), and a
// JavaScript one that decides exactly what is replaced. Forms recognised:
// - CPF and phones: the digits in order with up to three separators (anything but letters and digits) between
//   two digits — 12345678909, 123.456.789-09, 123 456 789 09 — and not inside a longer run of digits;
// - phones also without the country code 55 and without the area code, and with a leading "+" or "(";
// - e-mails: the address, any case, not inside a longer address;
// - names: the full name, any case and spacing, as whole words. Names under four letters are not searched (they
//   would mask common words in unrelated text); neither are phones under eight digits.

export const MASK = "***";

export type PersonTerms = { cpfs: string[]; names: string[]; emails: string[]; phones: string[] };

export type PersonMatcher = {
  /** For `column ~ $n` in PostgreSQL: true for every text the JavaScript form would change (and maybe more). */
  sql: string;
  /** Global; replaces with MASK. */
  js: RegExp;
};

const SEPARATOR_JS = "[^0-9A-Za-z]{0,3}";
const SEPARATOR_SQL = "[^0-9A-Za-z]{0,3}";
const MIN_NAME_LETTERS = 4;
const MIN_PHONE_DIGITS = 8;

const escapeJs = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
/** A PostgreSQL ARE: every character that is not a letter or digit is escaped; letters become [xX] classes. */
function literalSql(text: string): string {
  return [...text]
    .map((char) => {
      const lower = char.toLowerCase();
      const upper = char.toUpperCase();
      if (lower !== upper && lower.length === 1 && upper.length === 1) return `[${lower}${upper}]`;
      if (/[\p{L}\p{N}]/u.test(char)) return char;
      return `\\${char}`;
    })
    .join("");
}

const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** The digit sequences a phone may be written with: as stored, without country code, without area code. */
export function phoneVariants(phone: string): string[] {
  const digits = digitsOnly(phone);
  const national = (digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits).replace(/^0+/, "");
  const local = national.length >= 10 ? national.slice(2) : national;
  return [...new Set([digits, national, local])].filter((variant) => variant.length >= MIN_PHONE_DIGITS);
}

function unique(values: string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const key = value.toLowerCase();
    if (!seen.has(key)) seen.set(key, value);
  }
  return [...seen.values()];
}

/** One matcher for all of the person's terms; null when there is nothing searchable. */
export function personMatcher(terms: PersonTerms): PersonMatcher | null {
  const cpfs = unique(terms.cpfs.map(digitsOnly).filter((digits) => digits.length === 11));
  const phones = unique(terms.phones.flatMap(phoneVariants));
  const emails = unique(terms.emails.map((email) => email.trim()).filter((email) => /^[^\s@]+@[^\s@]+$/.test(email)));
  const names = unique(
    terms.names
      .map((name) => name.trim().split(/\s+/).filter(Boolean))
      .filter((words) => words.join("").replace(/[^\p{L}]/gu, "").length >= MIN_NAME_LETTERS)
      .map((words) => words.join(" ")),
  );
  if (cpfs.length + phones.length + emails.length + names.length === 0) return null;

  const digitsJs = (digits: string) => `${digits.split("").join(SEPARATOR_JS)}(?![0-9])`;
  const js = [
    ...cpfs.map((digits) => `(?<![0-9])${digitsJs(digits)}`),
    ...phones.map((digits) => `(?<![0-9])[+(]?${digitsJs(digits)}`),
    ...emails.map((email) => `(?<![A-Za-z0-9._%+-])${escapeJs(email)}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`),
    ...names.map((name) => `(?<![\\p{L}\\p{N}])${name.split(" ").map(escapeJs).join("\\s+")}(?![\\p{L}\\p{N}])`),
  ];
  const sql = [
    ...[...cpfs, ...phones].map((digits) => digits.split("").join(SEPARATOR_SQL)),
    ...emails.map(literalSql),
    ...names.map((name) => name.split(" ").map(literalSql).join("[[:space:]]+")),
  ];
  return { sql: sql.join("|"), js: new RegExp(js.join("|"), "giu") };
}

export function maskText(text: string, matcher: PersonMatcher): string {
  return text.replace(matcher.js, MASK);
}

/** A JSON value with every string (keys too) masked; a number that reads as one of the terms becomes the mask. */
export function maskJson(value: unknown, matcher: PersonMatcher): unknown {
  if (typeof value === "string") return maskText(value, matcher);
  if (typeof value === "number") return maskText(String(value), matcher) === String(value) ? value : MASK;
  if (Array.isArray(value)) return value.map((item) => maskJson(item, matcher));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [maskText(key, matcher), maskJson(item, matcher)]),
    );
  }
  return value;
}
