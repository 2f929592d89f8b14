import "server-only";
import { recordUpdateAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeCategory } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { categoryOf, assertCategoryKeyFree, duplicateCategoryKey } from "./category-rows.ts";
import type { UpdateCategoryInput } from "../schemas.ts";

export async function updateCategory(ctx: UseCaseContext, input: { id: number; changes: UpdateCategoryInput }) {
  const { actor } = ctx;
  const { id, changes } = input;
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const before = serializeCategory(await categoryOf(tx, instanceId, id));
        if (changes.key !== undefined) await assertCategoryKeyFree(tx, instanceId, changes.key, id);
        const answer = serializeCategory(await tx.statusCategory.update({ where: { id }, data: changes }));
        await recordUpdateAudit(
          tx,
          actor,
          { action: "category.update", entity: "category", entityId: id },
          before,
          answer,
        );
        return answer;
      }),
    duplicateCategoryKey,
  );
}
