import "server-only";
// The rows the product use-cases share (lib/settings/server/*-product.ts, *-column.ts, *-step.ts): a product with its
// ordered steps and typed columns (keys of documents' filled_columns), found inside the actor's instance or 404.
import { serializeProduct } from "../../catalog/server/serialize.ts";
import type { Prisma } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { conflict, invalid, notFound } from "../../errors/app-error.ts";
import type { UpdateProductInput } from "../schemas.ts";

export const PRODUCT_INCLUDE = {
  steps: { orderBy: [{ order: "asc" }, { id: "asc" }] },
  columns: { orderBy: [{ order: "asc" }, { id: "asc" }] },
} satisfies Prisma.ProductInclude;

export async function productOf(tx: Tx, instanceId: number, id: number) {
  const product = await tx.product.findFirst({ where: { id, instanceId }, include: PRODUCT_INCLUDE });
  if (!product) throw notFound("Product not found");
  return product;
}

export function productColumns(input: UpdateProductInput) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.sla !== undefined ? { defaultSlaHours: input.sla } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
}

/** A product as its audit rows show it (without its timestamps). */
export const auditableProduct = (product: Parameters<typeof serializeProduct>[0]) => {
  const { created_at: _created, updated_at: _updated, ...rest } = serializeProduct(product);
  return rest;
};

export async function columnOf(tx: Tx, instanceId: number, productId: number, id: number) {
  const column = await tx.productColumn.findFirst({ where: { id, productId, product: { instanceId } } });
  if (!column) throw notFound("Column not found");
  return column;
}

export async function assertColumnKeyFree(tx: Tx, productId: number, key: string, exceptId?: number) {
  const clash = await tx.productColumn.findFirst({
    where: { productId, key, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw conflict(`This product already has a column with key "${key}"`, { code: "column_exists" });
}

export const duplicateColumn = {
  unique: { message: "This product already has a column with this key", code: "column_exists" },
};

/** The step's statuses in its product's map: listing a status here takes it from another step of the product. */
export async function replaceStepStatuses(
  tx: Tx,
  instanceId: number,
  productId: number,
  stepId: number,
  ids: number[],
) {
  const found = await tx.status.count({ where: { instanceId, id: { in: ids } } });
  if (found !== ids.length) {
    throw invalid("Invalid parameters", [
      { path: "status_ids", message: "Unknown status in the step's statuses", code: "unknown_reference" },
    ]);
  }
  await tx.productStatusStep.deleteMany({ where: { OR: [{ stepId }, { productId, statusId: { in: ids } }] } });
  if (ids.length)
    await tx.productStatusStep.createMany({ data: ids.map((statusId) => ({ productId, statusId, stepId })) });
}

/** The product's status → step map, for settings. */
export async function statusStepsOf(tx: Pick<Tx, "productStatusStep">, productId: number) {
  const rows = await tx.productStatusStep.findMany({ where: { productId }, orderBy: [{ statusId: "asc" }] });
  return rows.map((row) => ({ status_id: row.statusId, step_id: row.stepId }));
}

export async function stepOf(tx: Tx, instanceId: number, productId: number, id: number) {
  const step = await tx.productStep.findFirst({ where: { id, productId, product: { instanceId } } });
  if (!step) throw notFound("Step not found");
  return step;
}
