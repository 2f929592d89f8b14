import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";

/** The instance's second-factor policy (Settings → Usuários). */
export async function loadSecondFactorPolicy(ctx: UseCaseContext) {
  const db = await getDb();
  const instance = await db.instance.findUniqueOrThrow({
    where: { id: ctx.actor.instanceId },
    select: { secondFactorRequiredFor: true, rememberDeviceDays: true },
  });
  return { required_for: instance.secondFactorRequiredFor, remember_device_days: instance.rememberDeviceDays };
}
