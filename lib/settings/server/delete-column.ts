import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeColumn } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { columnOf } from "./product-rows.ts";

/** Removing a column only hides it: the values stay in documents' filled_columns. */
export async function deleteColumn(ctx: UseCaseContext, input: { productId: number; id: number }) {
  const { productId, id } = input;
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const column = await columnOf(tx, instanceId, productId, id);
    await tx.productColumn.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "product_column.delete",
      entity: "product_column",
      entityId: id,
      details: { product_id: productId, ...serializeColumn(column) },
    });
    return { deleted: true, id };
  });
}
