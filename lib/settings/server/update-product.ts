import "server-only";
import { recordUpdateAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeProduct } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { productOf, productColumns, auditableProduct } from "./product-rows.ts";
import type { UpdateProductInput } from "../schemas.ts";

export async function updateProduct(ctx: UseCaseContext, input: { id: number; changes: UpdateProductInput }) {
  const { id, changes } = input;
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const before = auditableProduct(await productOf(tx, instanceId, id));
    await tx.product.update({ where: { id }, data: productColumns(changes) });
    const product = await productOf(tx, instanceId, id);
    await recordUpdateAudit(
      tx,
      actor,
      { action: "product.update", entity: "product", entityId: id },
      before,
      auditableProduct(product),
    );
    return serializeProduct(product);
  });
}
