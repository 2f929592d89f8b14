import "server-only";
import { recordUpdateAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeStep } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { forgetStepMap } from "../../documents/server/read-step-cache.ts";
import { replaceStepStatuses, stepOf } from "./product-rows.ts";
import type { UpdateStepInput } from "../schemas.ts";

export async function updateStep(
  ctx: UseCaseContext,
  input: { productId: number; id: number; changes: UpdateStepInput },
) {
  const { productId, id, changes } = input;
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  const result = await inTransaction(async (tx) => {
    const before = serializeStep(await stepOf(tx, instanceId, productId, id));
    const { status_ids: statusIds, ...columns } = changes;
    const answer = serializeStep(await tx.productStep.update({ where: { id }, data: columns }));
    if (statusIds) await replaceStepStatuses(tx, instanceId, productId, id, statusIds);
    await recordUpdateAudit(
      tx,
      actor,
      {
        action: "product_step.update",
        entity: "product_step",
        entityId: id,
        details: { product_id: productId, ...(statusIds ? { status_ids: statusIds } : {}) },
      },
      before,
      answer,
    );
    return answer;
  });
  // The document API's reads on this server show the changed step map from the next read (read-step-cache.ts).
  forgetStepMap(instanceId);
  return result;
}
