// Removes one of the instance's legal holds (404 for another instance's); audited; answers the remaining list.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { notFound } from "../../errors/app-error.ts";
import { listLegalHolds } from "./list-legal-holds.ts";

export async function deleteLegalHold(ctx: UseCaseContext, { id }: { id: number }) {
  const { actor } = ctx;
  await inTransaction(async (tx) => {
    const hold = await tx.lgpdLegalHold.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!hold) throw notFound("Legal hold not found", { code: "lgpd_hold_not_found" });
    await tx.lgpdLegalHold.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "lgpd_hold.delete",
      entity: "lgpd_hold",
      entityId: id,
      details: { product_id: hold.productId, status_id: hold.statusId, basis: hold.basis },
    });
  });
  return listLegalHolds(ctx);
}
