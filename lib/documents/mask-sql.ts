// The masks of lib/documents/mask.ts (maskIdentifier, maskName, maskEmail, maskPhone) as SQL expressions, so a masked
// read view is built masked by PostgreSQL in the one statement that builds it (issue 17: masking in Node parsed and
// re-serialised every masked answer). Same output as the JavaScript masks for every string of the Basic Multilingual
// Plane (tests/mask-sql.db.test.ts compares them on PGlite and PostgreSQL over generated strings); for characters
// outside it JavaScript counts two UTF-16 units where PostgreSQL counts one character, so a mask may have one `*`
// fewer there (nothing more is shown). Built from string and arithmetic functions with few regular expressions
// (PostgreSQL caches only 32 compiled ones per connection).

/** JavaScript's `\s` (and what String#trim strips), as a regular expression bracket body. */
const JS_SPACE = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
/** The same characters as a literal list for translate(). */
const JS_SPACE_CHARS =
  "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";
const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** maskName: every character of a run of non-spaces but the first becomes `*`. */
export function maskNameSql(value: string): string {
  return `regexp_replace(${value}, '(?<=[^${JS_SPACE}])[^${JS_SPACE}]', '*', 'g')`;
}

/** maskPhone: every ASCII digit but the last four becomes `*`. */
export function maskPhoneSql(value: string): string {
  const digitCount = `(length(${value}) - length(translate(${value}, '0123456789', '')))`;
  // How many characters from the end the fourth-last digit is: those stay, the digits before become "*".
  const kept = `regexp_instr(reverse(${value}), '[0-9]', 1, 4)`;
  return `CASE WHEN ${digitCount} <= 4 THEN ${value}
    ELSE translate(left(${value}, -${kept}), '0123456789', '**********') || right(${value}, ${kept}) END`;
}

/** maskEmail: first letter of the local part and of the host, the rest `*` (at least one), the last dot's suffix kept. */
export function maskEmailSql(value: string): string {
  const length = `length(${value})`;
  // The last "@" counted from the end (1 = the last character), and the domain after it.
  const at = `strpos(reverse(${value}), '@')`;
  const domainLength = `(${at} - 1)`;
  // The domain's last "." counted from its end (0 = none).
  const dot = `strpos(left(reverse(${value}), ${domainLength}), '.')`;
  const domainFirst = `substr(${value}, ${length} - ${at} + 2, 1)`;
  const stars = (count: string) => `repeat('*', greatest(${count}, 1))`;
  const hasDot = `(${dot} > 0 AND ${domainLength} - ${dot} > 0)`;
  const domain = `CASE WHEN ${hasDot} THEN ${domainFirst} || ${stars(`${domainLength} - ${dot} - 1`)} || right(${value}, ${dot})
      WHEN ${domainLength} = 0 THEN '' ELSE ${domainFirst} || ${stars(`${domainLength} - 1`)} END`;
  return `CASE WHEN ${at} > 0 AND ${length} - ${at} >= 1
    THEN left(${value}, 1) || ${stars(`${length} - ${at} - 1`)} || '@' || ${domain}
    ELSE ${maskNameSql(value)} END`;
}

/**
 * maskIdentifier: a valid CPF as ***.456.789-**; anything else its last three letters or digits, up to 11 `*` first.
 * `normalized` is the value's normalizeIdentifier (the read view passes "Document"."cpfDigits", which holds it, so no
 * regular expression runs per row). isValidCpf, without one: the trimmed value is its normalized form (11 digits)
 * or that form as 000.000.000-00 — then the normalized form is exactly the CPF's digits.
 */
export function maskIdentifierSql(value: string, normalized: string): string {
  const trimmed = `btrim(${value}, ${sqlText(JS_SPACE_CHARS)})`;
  const n = normalized;
  const formatted = `substr(${n}, 1, 3) || '.' || substr(${n}, 4, 3) || '.' || substr(${n}, 7, 3) || '-' || substr(${n}, 10, 2)`;
  const shape = `length(${n}) = 11 AND ltrim(${n}, '0123456789') = '' AND ${trimmed} IN (${n}, ${formatted})`;
  const digit = (position: number) => `(ascii(substr(${n}, ${position}, 1)) - 48)`;
  const weighted = (weights: number[]) => weights.map((weight, index) => `${digit(index + 1)} * ${weight}`).join(" + ");
  // mod11Digit (remainder < 2 → 0, else 11 − remainder) in one expression; the second check over the digits as
  // written (the first check already requires the tenth to be right), so each sum is computed once.
  const checkDigit = (sum: string) => `(11 - (${sum}) % 11) % 11 % 10`;
  const validCpf = `${n} <> repeat(left(${n}, 1), 11)
    AND ${digit(10)} = ${checkDigit(weighted([10, 9, 8, 7, 6, 5, 4, 3, 2]))}
    AND ${digit(11)} = ${checkDigit(weighted([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]))}`;
  return `CASE WHEN ${value} = '' THEN ${value}
    WHEN CASE WHEN ${shape} THEN ${validCpf} ELSE false END
      THEN '***.' || substr(${n}, 4, 3) || '.' || substr(${n}, 7, 3) || '-**'
    WHEN length(${n}) <= 3 THEN '***'
    ELSE repeat('*', least(length(${n}) - 3, 11)) || right(${n}, 3) END`;
}

/** normalizeIdentifier in SQL (the read view reads the stored "cpfDigits" instead). */
export const normalizedIdentifierSql = (value: string) => `upper(regexp_replace(${value}, '[^0-9a-zA-Z]', '', 'g'))`;

export type MaskSqlField = "cpf" | "name" | "email" | "phone";

/**
 * The mask of `field` over the SQL expression `value` (NULL stays NULL, an empty text stays empty); for "cpf",
 * `normalized` may name a column that holds normalizeIdentifier(value) already.
 */
export function maskSql(field: MaskSqlField, value: string, normalized = normalizedIdentifierSql(value)): string {
  switch (field) {
    case "cpf":
      return maskIdentifierSql(value, normalized);
    case "name":
      return maskNameSql(value);
    case "email":
      return maskEmailSql(value);
    case "phone":
      return maskPhoneSql(value);
  }
}
