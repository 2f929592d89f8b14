import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeModality } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { modalityOf, dateOf } from "./modality-rows.ts";

export async function removeHoliday(ctx: UseCaseContext, input: { id: number; date: string }) {
  const { actor } = ctx;
  const { id, date } = input;
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    await modalityOf(tx, instanceId, id);
    const holiday = await tx.modalityHoliday.findFirst({ where: { modalityId: id, date: dateOf(date) } });
    if (!holiday) throw notFound(`No holiday on ${date}`);
    await tx.modalityHoliday.delete({ where: { id: holiday.id } });
    await recordAudit(tx, actor, {
      action: "modality.holiday_remove",
      entity: "modality",
      entityId: id,
      details: { date, name: holiday.name },
    });
    return serializeModality(await modalityOf(tx, instanceId, id));
  });
}
