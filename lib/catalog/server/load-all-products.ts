import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { serializeProduct } from "./serialize.ts";

/** The instance's products with their steps and columns, in order (product/loadAll, the dashboard and import pages). */
export async function loadAllProducts(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const products = await db.product.findMany({
    where: { instanceId },
    orderBy: { id: "asc" },
    include: { steps: { orderBy: { order: "asc" } }, columns: { orderBy: { order: "asc" } } },
  });
  return products.map(serializeProduct);
}
