// Finding and masking one person's CPF, names, e-mails and phones inside text and JSON that stays after an LGPD
// deletion (other documents' history and observations, saved filters, audit rows …; see erasure-scope.ts).
//
// Two halves: a small PostgreSQL regular expression that pre-selects candidate rows in SQL (deliberately loose; case
// handled with character classes so it works in any database locale), and JavaScript that decides exactly what is
// replaced, with set lookups rather than one regular expression per term (a person with 500 documents may bring
// hundreds of phones). Forms recognised:
// - CPF and phones: the digits in order with up to three separators (anything but letters and digits) between
//   two digits — 12345678909, 123.456.789-09, 123 456 789 09 — and not inside a longer run of digits;
// - phones also without the country code 55 and without the area code, and with a leading "+" or "(";
// - e-mails: the address, any case, not inside a longer address;
// - names: the full name's words in order, any case, as whole words, with up to three non-letters between two
//   words ("Maria da Silva", "MARIA  DA\nSILVA", "Maria, da Silva"). Names under four letters are not searched (they
//   would mask common words in unrelated text); neither are phones under eight digits.

export const MASK = "***";

export type PersonTerms = { cpfs: string[]; names: string[]; emails: string[]; phones: string[] };

export type PersonMatcher = {
  /**
   * For `column ~ $n` in PostgreSQL: true for every text `mask` would change (and more): each CPF or phone as digits
   * with any separators, each e-mail, the longest word of each name. PostgreSQL's regular expressions get very slow
   * with hundreds of alternatives, so a kind with more than MAX_SQL_ALTERNATIVES terms is pre-selected generically
   * (any run of eight digits, any @, any letter) and the work moves to `mask`.
   */
  sql: string;
  /**
   * For the trigram-indexed search text (lib/db/search-text.ts: the text, then its digits alone), in forms pg_trgm
   * turns into trigrams for its index. `digits`: LIKE patterns of the CPFs and phones as bare digits (a phone by its
   * shortest variant, which the longer ones contain). `groups`: regular expressions that must all match — e-mails
   * (any case) at most INDEXED_ALTERNATIVES to a one-expression group, and each name as the group of its words of
   * three letters or more (all must appear, so a common surname alone does not make every row a candidate). A row
   * `mask` would change matches one of `digits` or every expression of one of `groups`.
   */
  indexed: { digits: string[]; groups: string[][] };
  /** The text with every occurrence of the person's terms replaced by MASK. */
  mask: (text: string) => string;
  /**
   * A cheap pre-filter on a column's stored text (`json`: jsonb's text form, before parsing): false only when `mask`
   * (or maskJson on the parsed value) would change nothing, so the row can be skipped without parsing it. True may
   * still be a false alarm.
   */
  mayChange: (text: string, json: boolean) => boolean;
};

const MIN_NAME_LETTERS = 4;
const MIN_PHONE_DIGITS = 8;
/** Above this many terms of one kind, the SQL prefilter uses a generic pattern (see PersonMatcher.sql). */
const MAX_SQL_ALTERNATIVES = 12;
/**
 * Terms per regular expression on the indexed search text: pg_trgm gives up on a regular expression whose trigram
 * graph grows too large (then the whole index is read); eight e-mail literals stay well inside its limits.
 */
const INDEXED_ALTERNATIVES = 8;
/** Digits with at most three separators (anything but letters and digits) between two of them. */
const DIGIT_RUN = /[0-9](?:[^0-9A-Za-z]{0,3}[0-9])*/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*/g;
const WORD = /[\p{L}\p{N}]+/gu;
/** A JSON number with 16 digits or more (dots allowed between them): a double may not keep its digits. */
const LONG_NUMBER = /[0-9][0-9.]{15}/;
/** One escape of JSON text: \uXXXX or a backslash and one character. */
const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|([^u]))/g;
const SIMPLE_ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const unescapeJson = (_: string, hex: string | undefined, char: string | undefined) =>
  hex ? String.fromCharCode(parseInt(hex, 16)) : (SIMPLE_ESCAPES[char!] ?? char!);

/** A PostgreSQL ARE matching `text` literally in any case: letters become [xX] classes, the rest is escaped. */
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

type Span = [start: number, end: number];

/** One matcher for all of the person's terms; null when there is nothing searchable. */
export function personMatcher(terms: PersonTerms): PersonMatcher | null {
  // Digit terms by their digits; phones may take a leading "+" or "(" into the mask.
  const digitTerms = new Map<string, "cpf" | "phone">();
  for (const phone of terms.phones) for (const variant of phoneVariants(phone)) digitTerms.set(variant, "phone");
  for (const cpf of terms.cpfs.map(digitsOnly)) if (cpf.length === 11) digitTerms.set(cpf, "cpf");
  const digitLengths = [...new Set([...digitTerms.keys()].map((digits) => digits.length))];
  const emails = new Set(
    terms.emails.map((email) => email.trim().toLowerCase()).filter((email) => /^[^\s@]+@[^\s@]+$/.test(email)),
  );
  // Names as lists of lower-case words, indexed by their first word.
  const names = new Map<string, string[][]>();
  const nameWords: string[] = [];
  const nameGroups = new Map<string, string[]>();
  for (const name of terms.names) {
    const words = (name.toLowerCase().match(WORD) ?? []) as string[];
    if (words.join("").replace(/[^\p{L}]/gu, "").length < MIN_NAME_LETTERS) continue;
    names.set(words[0]!, [...(names.get(words[0]!) ?? []), words]);
    const longest = words.reduce((longest, word) => (word.length > longest.length ? word : longest));
    nameWords.push(longest);
    const trigramWords = [...new Set(words.filter((word) => word.length >= 3))];
    nameGroups.set(words.join(" "), (trigramWords.length ? trigramWords : [longest]).map(literalSql));
  }
  if (digitTerms.size + emails.size + names.size === 0) return null;

  const spansIn = (text: string): Span[] => {
    const spans: Span[] = [];
    if (digitTerms.size) {
      for (const run of text.matchAll(DIGIT_RUN)) {
        const positions: number[] = [];
        for (let i = 0; i < run[0].length; i += 1) if (/[0-9]/.test(run[0][i]!)) positions.push(run.index + i);
        const digits = positions.map((position) => text[position]).join("");
        for (const length of digitLengths) {
          for (let i = 0; i + length <= digits.length; i += 1) {
            const kind = digitTerms.get(digits.slice(i, i + length));
            const last = i + length - 1;
            // Not inside a longer number: the digits right before and after must not touch it.
            if (!kind || (i > 0 && positions[i - 1] === positions[i]! - 1)) continue;
            if (last + 1 < positions.length && positions[last + 1] === positions[last]! + 1) continue;
            const start = positions[i]!;
            const lead = kind === "phone" && start > 0 && (text[start - 1] === "+" || text[start - 1] === "(") ? 1 : 0;
            spans.push([start - lead, positions[last]! + 1]);
          }
        }
      }
    }
    if (emails.size) {
      for (const found of text.matchAll(EMAIL)) {
        if (emails.has(found[0].toLowerCase())) spans.push([found.index, found.index + found[0].length]);
      }
    }
    if (names.size) {
      const words = [...text.matchAll(WORD)].map((word) => ({
        word: word[0].toLowerCase(),
        start: word.index,
        end: word.index + word[0].length,
      }));
      words.forEach((first, i) => {
        for (const name of names.get(first.word) ?? []) {
          const matches = name.every((word, k) => {
            const at = words[i + k];
            return at?.word === word && (k === 0 || at.start - words[i + k - 1]!.end <= 3);
          });
          if (matches) spans.push([first.start, words[i + name.length - 1]!.end]);
        }
      });
    }
    return spans;
  };

  const mask = (text: string): string => {
    const spans = spansIn(text).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    if (spans.length === 0) return text;
    let out = "";
    let at = 0;
    for (const [start, end] of spans) {
      if (end <= at) continue;
      if (start >= at) out += text.slice(at, start) + MASK;
      at = end; // overlapping spans become one mask
    }
    return out + text.slice(at);
  };

  // The pre-filter (mayChange), on the text with JSON's escapes decoded (so a string's characters are as the mask
  // sees them; the JSON punctuation between values only adds separators):
  // - digit terms: every digit run the mask reads keeps its digits in order with only separators between them, so a
  //   term it would mask is a substring of the text's digits alone. A JSON number of 16 digits or more may read
  //   differently once parsed (a double), so such a text is always passed on;
  // - e-mails: a masked address is a substring of the lower-case text (many addresses: any "@");
  // - names: the mask needs the first word, whole and in any case, so it is a substring of the lower-case text (final
  //   sigma, the one context-dependent lower-case letter, folded on both sides).
  // Digit terms: only those that contain no other term (a text with a longer term has the shorter one inside it).
  const minimalDigits = [...digitTerms.keys()].filter(
    (digits, _, all) => !all.some((other) => other !== digits && digits.includes(other)),
  );
  const byLength = new Map<number, Set<number>>();
  const longDigitTerms: string[] = [];
  for (const digits of minimalDigits) {
    if (digits.length > 15) longDigitTerms.push(digits);
    else byLength.set(digits.length, (byLength.get(digits.length) ?? new Set<number>()).add(Number(digits)));
  }
  const windowLengths = [...byLength.keys()];
  const windowModuli = windowLengths.map((length) => 10 ** length);
  const windowSets = windowLengths.map((length) => byLength.get(length)!);
  const windows = new Float64Array(windowLengths.length);
  const foldSigma = (text: string) => text.replace(/ς/g, "σ");
  const emailList = [...emails];
  const firstWords = [...names.keys()].map(foldSigma);
  const mayChange = (stored: string, json: boolean): boolean => {
    if (json && LONG_NUMBER.test(stored)) return true;
    const text = json && stored.includes("\\") ? stored.replace(JSON_ESCAPE, unescapeJson) : stored;
    if (windowLengths.length) {
      // Every window of the text's digits, as a number per length (exact below 16 digits): no string per window.
      windows.fill(0);
      let seen = 0;
      for (let i = 0; i < text.length; i += 1) {
        const digit = text.charCodeAt(i) - 48;
        if (digit < 0 || digit > 9) continue;
        seen += 1;
        for (let k = 0; k < windowLengths.length; k += 1) {
          windows[k] = (windows[k]! * 10 + digit) % windowModuli[k]!;
          if (seen >= windowLengths[k]! && windowSets[k]!.has(windows[k]!)) return true;
        }
      }
    }
    if (longDigitTerms.length) {
      const digits = digitsOnly(text);
      if (longDigitTerms.some((term) => digits.includes(term))) return true;
    }
    if (emails.size || names.size) {
      const lower = text.toLowerCase();
      if (emailList.length > MAX_SQL_ALTERNATIVES ? lower.includes("@") : emailList.some((e) => lower.includes(e))) {
        return true;
      }
      if (firstWords.length) {
        const folded = foldSigma(lower);
        if (firstWords.some((word) => folded.includes(word))) return true;
      }
    }
    return false;
  };

  // Few terms: each one as a pattern (selective). Many: a generic pattern whose size does not grow with them.
  const digitPatterns = [...digitTerms.keys()].map((digits) => digits.split("").join("[^0-9A-Za-z]{0,3}"));
  const namePatterns = [...new Set(nameWords)].map(literalSql);
  const sql = [
    ...(digitPatterns.length > MAX_SQL_ALTERNATIVES ? ["[0-9]([^0-9A-Za-z]{0,3}[0-9]){7}"] : digitPatterns),
    ...(emails.size > MAX_SQL_ALTERNATIVES ? ["@"] : [...emails].map(literalSql)),
    ...(namePatterns.length > MAX_SQL_ALTERNATIVES ? ["[[:alpha:]]"] : namePatterns),
  ].join("|");
  // Digits only: a term that contains another one is found through it.
  const shortestDigits = [...digitTerms.keys()].filter(
    (digits, _, all) => !all.some((other) => other !== digits && digits.includes(other)),
  );
  const emailLiterals = [...emails].map(literalSql);
  const indexed = { digits: shortestDigits.map((digits) => `%${digits}%`), groups: [...nameGroups.values()] };
  for (let i = 0; i < emailLiterals.length; i += INDEXED_ALTERNATIVES) {
    indexed.groups.push([emailLiterals.slice(i, i + INDEXED_ALTERNATIVES).join("|")]);
  }
  return { sql, indexed, mask, mayChange };
}

export function maskText(text: string, matcher: PersonMatcher): string {
  return matcher.mask(text);
}

/** A JSON value with every string (keys too) masked; a number that reads as one of the terms becomes the mask. */
export function maskJson(value: unknown, matcher: PersonMatcher): unknown {
  if (typeof value === "string") return matcher.mask(value);
  if (typeof value === "number") return matcher.mask(String(value)) === String(value) ? value : MASK;
  if (Array.isArray(value)) return value.map((item) => maskJson(item, matcher));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [matcher.mask(key), maskJson(item, matcher)]));
  }
  return value;
}
