import "server-only";
import { factorRequiredFor } from "../../auth/server/totp/factor-policy.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { ownUserId } from "./session-rows.ts";

/** "Minha conta": whether one's second factor is on, required, and how many recovery codes are left. */
export async function loadSecondFactor(ctx: UseCaseContext) {
  const db = await getDb();
  const user = await db.user.findFirst({
    where: { id: ownUserId(ctx), instanceId: ctx.actor.instanceId },
    include: {
      secondFactor: { select: { confirmedAt: true } },
      instance: { select: { secondFactorRequiredFor: true, rememberDeviceDays: true } },
      _count: { select: { recoveryCodes: { where: { usedAt: null } } } },
    },
  });
  if (!user) throw notFound("User not found");
  const enrolled = Boolean(user.secondFactor?.confirmedAt);
  return {
    enrolled,
    required: factorRequiredFor(user, user.instance),
    recovery_codes_left: enrolled ? user._count.recoveryCodes : 0,
    remember_device_days: user.instance.rememberDeviceDays,
  };
}
