import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { isPersonalField } from "../mask.ts";
import { DEFAULT_MASKED_FIELDS, POLICY_ROLES, type MaskingPolicy } from "../masking-policy-schema.ts";

/** The instance's policy for every role; roles without a stored row take the default. */
export async function loadMaskingPolicy(ctx: UseCaseContext): Promise<MaskingPolicy> {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const rows = await db.maskingPolicy.findMany({ where: { instanceId } });
  const policy = {} as MaskingPolicy;
  for (const role of POLICY_ROLES) {
    const row = rows.find((candidate) => candidate.role === role);
    policy[role] = row ? row.maskedFields.filter(isPersonalField) : [...DEFAULT_MASKED_FIELDS];
  }
  return policy;
}
