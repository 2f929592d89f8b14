import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeStep } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { forgetStepMap } from "../../documents/server/read-step-cache.ts";
import { productOf, replaceStepStatuses } from "./product-rows.ts";
import type { CreateStepInput } from "../schemas.ts";

export async function createStep(ctx: UseCaseContext, input: { productId: number; step: CreateStepInput }) {
  const { productId, step: fields } = input;
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  const result = await inTransaction(async (tx) => {
    await productOf(tx, instanceId, productId);
    const last = await tx.productStep.aggregate({ where: { productId }, _max: { order: true } });
    const step = await tx.productStep.create({
      data: { productId, name: fields.name, order: fields.order ?? (last._max.order ?? 0) + 1 },
    });
    if (fields.status_ids) await replaceStepStatuses(tx, instanceId, productId, step.id, fields.status_ids);
    const answer = serializeStep(step);
    await recordAudit(tx, actor, {
      action: "product_step.create",
      entity: "product_step",
      entityId: step.id,
      details: { ...answer, ...(fields.status_ids ? { status_ids: fields.status_ids } : {}) },
    });
    return answer;
  });
  // The document API's reads on this server show the changed step map from the next read (read-step-cache.ts).
  forgetStepMap(instanceId);
  return result;
}
