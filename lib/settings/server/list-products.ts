import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeProduct } from "../../catalog/server/serialize.ts";
import { getDb } from "../../db/client.ts";
import { PRODUCT_INCLUDE } from "./product-rows.ts";

export async function listProducts(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const [products, counts] = await Promise.all([
    db.product.findMany({ where: { instanceId }, orderBy: { id: "asc" }, include: PRODUCT_INCLUDE }),
    db.document.groupBy({ by: ["productId"], where: { instanceId }, _count: { _all: true } }),
  ]);
  const used = new Map(counts.map((row) => [row.productId, row._count._all]));
  return products.map((product) => ({ ...serializeProduct(product), document_count: used.get(product.id) ?? 0 }));
}
