import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeCategory } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { assertCategoryKeyFree, duplicateCategoryKey } from "./category-rows.ts";
import type { CreateCategoryInput } from "../schemas.ts";

export async function createCategory(ctx: UseCaseContext, input: CreateCategoryInput) {
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        await assertCategoryKeyFree(tx, instanceId, input.key);
        const last = await tx.statusCategory.aggregate({ where: { instanceId }, _max: { order: true } });
        const category = await tx.statusCategory.create({
          data: { instanceId, ...input, order: input.order ?? (last._max.order ?? 0) + 1 },
        });
        const answer = serializeCategory(category);
        await recordAudit(tx, actor, {
          action: "category.create",
          entity: "category",
          entityId: category.id,
          details: answer,
        });
        return answer;
      }),
    duplicateCategoryKey,
  );
}
