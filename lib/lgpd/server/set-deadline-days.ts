// The instance's deadline to answer a data subject (LGPD Art. 19 II): 15 days, or 30 for small processing agents
// (Resolução CD/ANPD 2/2022). Unset, the deployment's LGPD_DEADLINE_DAYS applies. Changing it is audited.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";

export async function setDeadlineDays(
  ctx: UseCaseContext,
  { deadline_days: days }: { deadline_days: 15 | 30 },
): Promise<{ deadline_days: number }> {
  const { actor } = ctx;
  return inTransaction(async (tx) => {
    const before = await tx.instance.findUniqueOrThrow({
      where: { id: actor.instanceId },
      select: { lgpdDeadlineDays: true },
    });
    await tx.instance.update({ where: { id: actor.instanceId }, data: { lgpdDeadlineDays: days } });
    if (before.lgpdDeadlineDays !== days) {
      await recordAudit(tx, actor, {
        action: "instance.lgpd_deadline",
        entity: "instance",
        entityId: actor.instanceId,
        details: { changes: { lgpd_deadline_days: { before: before.lgpdDeadlineDays, after: days } } },
      });
    }
    return { deadline_days: days };
  });
}
