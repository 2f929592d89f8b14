import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeProduct } from "../../catalog/server/serialize.ts";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { PRODUCT_INCLUDE, statusStepsOf } from "./product-rows.ts";

export async function getProduct(ctx: UseCaseContext, input: { id: number }) {
  const { instanceId } = ctx.actor;
  const { id } = input;
  const db = await getDb();
  const product = await db.product.findFirst({ where: { id, instanceId }, include: PRODUCT_INCLUDE });
  if (!product) throw notFound("Product not found");
  const documents = await db.document.count({ where: { productId: id } });
  return { ...serializeProduct(product), document_count: documents, status_steps: await statusStepsOf(db, id) };
}
