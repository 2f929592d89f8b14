// Masks for the customer's personal data (cpf, name, email, phone): what lists, the document page and the history
// show until a user with the right role reveals the real values (lib/documents/server/reveal-personal-data.ts).
import { maskIdentifier } from "../identifiers/identifiers.ts";

export const PERSONAL_FIELDS = ["cpf", "name", "email", "phone"] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

export function isPersonalField(field: string): field is PersonalField {
  return (PERSONAL_FIELDS as readonly string[]).includes(field);
}

/** "Maria da Silva" → "M**** d* S****": the initials stay so people can tell records apart. */
export function maskName(value: string): string {
  return value
    .split(/(\s+)/)
    .map((part) => (/^\s+$/.test(part) || part.length === 0 ? part : `${part[0]}${"*".repeat(part.length - 1)}`))
    .join("");
}

/** "maria@example.com" → "m****@e******.com". */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@");
  if (at < 1) return maskName(value);
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  const hide = (text: string) => (text.length === 0 ? "" : `${text[0]}${"*".repeat(Math.max(text.length - 1, 1))}`);
  return `${hide(local)}@${hide(host)}${tld}`;
}

/** "+55 11 99999-1234" → "+** ** *****-1234": only the last four digits stay. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, "").length;
  let seen = 0;
  return value.replace(/\d/g, (digit) => {
    seen += 1;
    return seen > digits - 4 ? digit : "*";
  });
}

/** The masked form of one personal value; null and non-text values pass through (they reveal nothing). */
export function maskPersonalValue(field: PersonalField, value: unknown): unknown {
  if (typeof value !== "string" || value.length === 0) return value;
  switch (field) {
    case "cpf":
      return maskIdentifier(value);
    case "name":
      return maskName(value);
    case "email":
      return maskEmail(value);
    case "phone":
      return maskPhone(value);
  }
}
