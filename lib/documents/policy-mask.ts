// The masking policy applied to what is not a personal field itself but may carry one: an e-mail's text ("Olá, Maria
// da Silva."), a webhook payload's values, a history change's before/after. The fields a caller reads masked are
// masked wherever their values appear, so no surface shows in clear what the list masks for the same caller. Pure:
// the server decides the fields (lib/documents/server/masking-policy.ts) and calls these.
import { personMatcher } from "../lgpd/person-mask.ts";
import { isPersonalField, maskPersonalValue, type PersonalField } from "./mask.ts";

/** Personal values as any surface holds them (a document row, a payload's data, a history change's values). */
export type PersonalSource = Partial<Record<PersonalField, unknown>>;

/**
 * A function that masks, inside free text, every occurrence of the masked fields' values of `sources` (the CPF and
 * phones written with or without punctuation, names and e-mails in any case: lib/lgpd/person-mask.ts's forms), as
 * `***`. Fields the caller reads in clear are left as they are.
 */
export function textMaskerFor(
  sources: readonly PersonalSource[],
  masked: ReadonlySet<PersonalField>,
): (text: string) => string {
  const terms = { cpfs: [] as string[], names: [] as string[], emails: [] as string[], phones: [] as string[] };
  const list = { cpf: terms.cpfs, name: terms.names, email: terms.emails, phone: terms.phones };
  for (const source of sources) {
    for (const field of masked) {
      const value = source[field];
      if (typeof value === "string" && value.trim().length > 0) list[field].push(value);
    }
  }
  const matcher = personMatcher(terms);
  return matcher ? (text) => matcher.mask(text) : (text) => text;
}

/** A personal field's value masked when the caller reads that field masked (other values as they are). */
export function maskFieldValue(field: string, value: unknown, masked: ReadonlySet<PersonalField>): unknown {
  return isPersonalField(field) && masked.has(field) ? maskPersonalValue(field, value) : value;
}
