import "server-only";
import { recordUpdateAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeColumn } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { columnOf, assertColumnKeyFree, duplicateColumn } from "./product-rows.ts";
import type { UpdateColumnInput } from "../schemas.ts";

export async function updateColumn(
  ctx: UseCaseContext,
  input: { productId: number; id: number; changes: UpdateColumnInput },
) {
  const { productId, id, changes } = input;
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const before = serializeColumn(await columnOf(tx, instanceId, productId, id));
        if (changes.key !== undefined) await assertColumnKeyFree(tx, productId, changes.key, id);
        const answer = serializeColumn(await tx.productColumn.update({ where: { id }, data: changes }));
        await recordUpdateAudit(
          tx,
          actor,
          {
            action: "product_column.update",
            entity: "product_column",
            entityId: id,
            details: { product_id: productId },
          },
          before,
          answer,
        );
        return answer;
      }),
    duplicateColumn,
  );
}
