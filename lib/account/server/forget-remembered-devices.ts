import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { ownUserId } from "./session-rows.ts";

/** "Esquecer dispositivos lembrados": every browser asks for the code again at its next sign-in. */
export async function forgetRememberedDevices(ctx: UseCaseContext): Promise<{ status: "ok" }> {
  const id = ownUserId(ctx);
  await inTransaction(async (tx) => {
    const changed = await tx.userSecondFactor.updateMany({
      where: { userId: id, user: { instanceId: ctx.actor.instanceId } },
      data: { devicesValidFrom: new Date() },
    });
    if (changed.count) {
      await recordAudit(tx, ctx.actor, {
        action: "user.second_factor_forget_devices",
        entity: "user",
        entityId: id,
        details: { email: ctx.actor.label },
      });
    }
  });
  return { status: "ok" };
}
