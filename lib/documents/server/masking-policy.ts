import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { maskIdentifier } from "../../identifiers/identifiers.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { isPersonalField, maskEmail, maskName, maskPhone, type PersonalField } from "../mask.ts";
import { DEFAULT_MASKED_FIELDS, POLICY_ROLES, type MaskingPolicy } from "../masking-policy-schema.ts";
import { forgetReadPolicies } from "./read-policy-cache.ts";

// Masking by policy, enforced on the server: the list API never sends a value the caller's role has masked.

/** The instance's policy for every role; roles without a stored row take the default. */
export async function loadMaskingPolicy(instanceId: number): Promise<MaskingPolicy> {
  const db = await getDb();
  const rows = await db.maskingPolicy.findMany({ where: { instanceId } });
  const policy = {} as MaskingPolicy;
  for (const role of POLICY_ROLES) {
    const row = rows.find((candidate) => candidate.role === role);
    policy[role] = row ? row.maskedFields.filter(isPersonalField) : [...DEFAULT_MASKED_FIELDS];
  }
  return policy;
}

/** The fields the documents list masks for this caller (one indexed read). */
export async function maskedFieldsFor(actor: Pick<Actor, "instanceId" | "role">): Promise<Set<PersonalField>> {
  const db = await getDb();
  const row = await db.maskingPolicy.findUnique({
    where: { instanceId_role: { instanceId: actor.instanceId, role: actor.role } },
    select: { maskedFields: true },
  });
  return new Set(row ? row.maskedFields.filter(isPersonalField) : DEFAULT_MASKED_FIELDS);
}

/** Replaces the whole policy (admins), with one audit entry naming the fields per role (no personal data). */
export async function saveMaskingPolicy(actor: Actor, policy: MaskingPolicy): Promise<MaskingPolicy> {
  await inTransaction(async (tx) => {
    for (const role of POLICY_ROLES) {
      await tx.maskingPolicy.upsert({
        where: { instanceId_role: { instanceId: actor.instanceId, role } },
        create: { instanceId: actor.instanceId, role, maskedFields: policy[role] },
        update: { maskedFields: policy[role] },
      });
    }
    await recordAudit(tx, actor, {
      action: "masking_policy.update",
      entity: "masking_policy",
      entityId: null,
      details: policy,
    });
  });
  // The document API's reads on this server apply it from the next read (elsewhere within API_AUTH_CACHE_MS).
  forgetReadPolicies(actor.instanceId);
  return loadMaskingPolicy(actor.instanceId);
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
