import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeColumn } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { productOf, assertColumnKeyFree, duplicateColumn } from "./product-rows.ts";
import type { CreateColumnInput } from "../schemas.ts";

export async function createColumn(ctx: UseCaseContext, input: { productId: number; column: CreateColumnInput }) {
  const { productId, column: fields } = input;
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        await productOf(tx, instanceId, productId);
        await assertColumnKeyFree(tx, productId, fields.key);
        const last = await tx.productColumn.aggregate({ where: { productId }, _max: { order: true } });
        const column = await tx.productColumn.create({
          data: { productId, ...fields, order: fields.order ?? (last._max.order ?? 0) + 1 },
        });
        const answer = serializeColumn(column);
        await recordAudit(tx, actor, {
          action: "product_column.create",
          entity: "product_column",
          entityId: column.id,
          details: { product_id: productId, ...answer },
        });
        return answer;
      }),
    duplicateColumn,
  );
}
