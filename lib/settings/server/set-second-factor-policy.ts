import "server-only";
import { recordUpdateAudit } from "../../audit/server/record-audit.ts";
import type { SecondFactorPolicy } from "../../auth/second-factor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";

/**
 * Who must sign in with a second factor, and for how many days a browser may skip it. Requiring it takes effect at
 * once: a signed-in person without a factor is sent to enrol at their next page or request.
 */
export async function setSecondFactorPolicy(ctx: UseCaseContext, input: SecondFactorPolicy) {
  return inTransaction(async (tx) => {
    const where = { id: ctx.actor.instanceId };
    const select = { secondFactorRequiredFor: true, rememberDeviceDays: true } as const;
    const before = await tx.instance.findUniqueOrThrow({ where, select });
    const after = await tx.instance.update({
      where,
      data: { secondFactorRequiredFor: input.required_for, rememberDeviceDays: input.remember_device_days },
      select,
    });
    await recordUpdateAudit(
      tx,
      ctx.actor,
      { action: "instance.second_factor_policy", entity: "instance", entityId: ctx.actor.instanceId, details: {} },
      { required_for: before.secondFactorRequiredFor, remember_device_days: before.rememberDeviceDays },
      { required_for: after.secondFactorRequiredFor, remember_device_days: after.rememberDeviceDays },
    );
    return { required_for: after.secondFactorRequiredFor, remember_device_days: after.rememberDeviceDays };
  });
}
