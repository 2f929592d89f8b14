import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import { revokeSessionTokens, userOf } from "./user-rows.ts";

/**
 * An admin removes a user's second factor (a lost phone and no recovery code left): the secret, the recovery codes
 * and every remembered browser go, and the user's sessions end. Where the instance requires a factor, the next
 * sign-in leads to a new enrolment.
 */
export async function resetUserSecondFactor(ctx: UseCaseContext, input: { id: number }): Promise<{ status: "ok" }> {
  await inTransaction(async (tx) => {
    const user = await userOf(tx, ctx.actor.instanceId, input.id);
    const removed = await tx.userSecondFactor.deleteMany({ where: { userId: user.id } });
    if (!removed.count) throw conflict("This user has no second factor", { code: "no_factor" });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    const now = new Date();
    await tx.user.update({ where: { id: user.id }, data: { sessionsValidFrom: now } });
    await tx.staffSession.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: now } });
    await revokeSessionTokens(tx, user.id, now);
    await recordAudit(tx, ctx.actor, {
      action: "user.second_factor_reset",
      entity: "user",
      entityId: user.id,
      details: { email: user.email },
    });
  });
  return { status: "ok" };
}
