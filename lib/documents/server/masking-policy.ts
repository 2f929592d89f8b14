import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { maskIdentifier } from "../../identifiers/identifiers.ts";
import { isPersonalField, maskEmail, maskName, maskPhone, type PersonalField } from "../mask.ts";
import { DEFAULT_MASKED_FIELDS } from "../masking-policy-schema.ts";

// Masking by policy, enforced on the server: the list API never sends a value the caller's role has masked.

/** The fields the documents list masks for this caller (one indexed read). */
export async function maskedFieldsFor(actor: Pick<Actor, "instanceId" | "role">): Promise<Set<PersonalField>> {
  const db = await getDb();
  const row = await db.maskingPolicy.findUnique({
    where: { instanceId_role: { instanceId: actor.instanceId, role: actor.role } },
    select: { maskedFields: true },
  });
  return new Set(row ? row.maskedFields.filter(isPersonalField) : DEFAULT_MASKED_FIELDS);
}

type PersonalValues = { cpf: string; name: string | null; email: string | null; phone: string | null };

/** A list row's personal values with the policy's fields masked (the others as stored). */
export function applyMaskingPolicy(values: PersonalValues, masked: ReadonlySet<PersonalField>): PersonalValues {
  const mask = (field: PersonalField, value: string | null, hide: (text: string) => string) =>
    value && masked.has(field) ? hide(value) : value;
  return {
    cpf: mask("cpf", values.cpf, maskIdentifier) ?? values.cpf,
    name: mask("name", values.name, maskName),
    email: mask("email", values.email, maskEmail),
    phone: mask("phone", values.phone, maskPhone),
  };
}
