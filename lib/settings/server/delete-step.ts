import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeStep } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { forgetStepMap } from "../../documents/server/read-step-cache.ts";
import { stepOf } from "./product-rows.ts";

/** Statuses in a deleted step keep working, without a step (the audit row lists them). */
export async function deleteStep(ctx: UseCaseContext, input: { productId: number; id: number }) {
  const { productId, id } = input;
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  const result = await inTransaction(async (tx) => {
    const step = await stepOf(tx, instanceId, productId, id);
    const statuses = await tx.status.findMany({ where: { stepId: id }, select: { id: true } });
    await tx.productStep.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "product_step.delete",
      entity: "product_step",
      entityId: id,
      details: { ...serializeStep(step), statuses_without_step: statuses.map((status) => status.id) },
    });
    return { deleted: true, id };
  });
  // The document API's reads on this server show the changed step map from the next read (read-step-cache.ts).
  forgetStepMap(instanceId);
  return result;
}
