import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeProduct } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { productOf, productColumns, auditableProduct } from "./product-rows.ts";
import type { CreateProductInput } from "../schemas.ts";

export async function createProduct(ctx: UseCaseContext, input: CreateProductInput) {
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const created = await tx.product.create({ data: { instanceId, ...productColumns(input), name: input.name } });
    const product = await productOf(tx, instanceId, created.id);
    await recordAudit(tx, actor, {
      action: "product.create",
      entity: "product",
      entityId: created.id,
      details: auditableProduct(product),
    });
    return serializeProduct(product);
  });
}
