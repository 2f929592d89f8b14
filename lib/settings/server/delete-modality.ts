import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import { modalityOf, auditableModality } from "./modality-rows.ts";

/** A modality that documents use cannot be deleted. */
export async function deleteModality(ctx: UseCaseContext, input: { id: number }) {
  const { actor } = ctx;
  const { id } = input;
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const modality = await modalityOf(tx, instanceId, id);
    const used = await tx.document.count({ where: { modalityId: id } });
    if (used > 0) {
      throw conflict(
        `Modality "${modality.identifier}" is used by ${used} document${used === 1 ? "" : "s"} and cannot be deleted`,
        { code: "modality_in_use", params: { name: modality.identifier, count: used } },
      );
    }
    await tx.modality.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "modality.delete",
      entity: "modality",
      entityId: id,
      details: { ...auditableModality(modality), holidays: modality.holidays.length },
    });
    return { deleted: true, id };
  });
}
