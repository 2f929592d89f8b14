import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { productOf, auditableProduct } from "./product-rows.ts";

/** A product with documents cannot be deleted (they need it); deactivate it instead. */
export async function deleteProduct(ctx: UseCaseContext, input: { id: number }) {
  const { id } = input;
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const product = await productOf(tx, instanceId, id);
        const used = await tx.document.count({ where: { productId: id } });
        if (used > 0) {
          throw conflict(
            `Product "${product.name}" has ${used} document${used === 1 ? "" : "s"} and cannot be deleted; deactivate it instead`,
            { code: "product_in_use", params: { name: product.name, count: used } },
          );
        }
        await tx.product.delete({ where: { id } });
        await recordAudit(tx, actor, {
          action: "product.delete",
          entity: "product",
          entityId: id,
          details: auditableProduct(product),
        });
        return { deleted: true, id };
      }),
    {
      foreignKey: {
        message: "This product has documents and cannot be deleted; deactivate it instead",
        code: "product_in_use",
      },
    },
  );
}
