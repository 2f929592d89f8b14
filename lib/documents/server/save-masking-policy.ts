import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { inTransaction } from "../../db/transaction.ts";
import { POLICY_ROLES, type MaskingPolicy } from "../masking-policy-schema.ts";
import { loadMaskingPolicy } from "./load-masking-policy.ts";
import { forgetReadPolicies } from "./read-policy-cache.ts";

/** Replaces the whole policy (admins), with one audit entry naming the fields per role (no personal data). */
export async function saveMaskingPolicy(ctx: UseCaseContext, policy: MaskingPolicy): Promise<MaskingPolicy> {
  const { actor } = ctx;
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
  return loadMaskingPolicy(ctx);
}
