import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeCategory } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { categoryOf } from "./category-rows.ts";

/** A category that statuses use cannot be deleted (they would lose their meaning for the workflow). */
export async function deleteCategory(ctx: UseCaseContext, input: { id: number }) {
  const { actor } = ctx;
  const { id } = input;
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const category = await categoryOf(tx, instanceId, id);
        const used = await tx.status.count({ where: { categoryId: id } });
        if (used > 0) {
          throw conflict(
            `Category "${category.label}" is used by ${used} status${used === 1 ? "" : "es"}; move them to another category first`,
            { code: "category_in_use", params: { name: category.label, count: used } },
          );
        }
        await tx.statusCategory.delete({ where: { id } });
        await recordAudit(tx, actor, {
          action: "category.delete",
          entity: "category",
          entityId: id,
          details: serializeCategory(category),
        });
        return { deleted: true, id };
      }),
    { foreignKey: { message: "This category is in use by statuses and cannot be deleted", code: "in_use" } },
  );
}
