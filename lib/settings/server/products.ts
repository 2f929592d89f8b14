import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { serializeColumn, serializeProduct, serializeStep } from "../../catalog/server/serialize.ts";
import { getDb, type Prisma } from "../../db/client.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import { recordAudit, recordUpdateAudit } from "../../audit/server/record-audit.ts";
import { conflictOnViolation } from "../db-errors.ts";
import type {
  CreateColumnInput,
  CreateProductInput,
  CreateStepInput,
  UpdateColumnInput,
  UpdateProductInput,
  UpdateStepInput,
} from "../schemas.ts";

// Products with their ordered steps and typed columns (keys of documents' filled_columns).

const INCLUDE = {
  steps: { orderBy: [{ order: "asc" }, { id: "asc" }] },
  columns: { orderBy: [{ order: "asc" }, { id: "asc" }] },
} satisfies Prisma.ProductInclude;

export async function listProducts(instanceId: number) {
  const db = await getDb();
  const [products, counts] = await Promise.all([
    db.product.findMany({ where: { instanceId }, orderBy: { id: "asc" }, include: INCLUDE }),
    db.document.groupBy({ by: ["productId"], where: { instanceId }, _count: { _all: true } }),
  ]);
  const used = new Map(counts.map((row) => [row.productId, row._count._all]));
  return products.map((product) => ({ ...serializeProduct(product), document_count: used.get(product.id) ?? 0 }));
}

export async function getProduct(instanceId: number, id: number) {
  const db = await getDb();
  const product = await db.product.findFirst({ where: { id, instanceId }, include: INCLUDE });
  if (!product) throw notFound("Product not found");
  const documents = await db.document.count({ where: { productId: id } });
  return { ...serializeProduct(product), document_count: documents };
}

async function productOf(tx: Tx, instanceId: number, id: number) {
  const product = await tx.product.findFirst({ where: { id, instanceId }, include: INCLUDE });
  if (!product) throw notFound("Product not found");
  return product;
}

function productColumns(input: UpdateProductInput) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.sla !== undefined ? { defaultSlaHours: input.sla } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
}

const auditable = (product: Parameters<typeof serializeProduct>[0]) => {
  const { created_at: _created, updated_at: _updated, ...rest } = serializeProduct(product);
  return rest;
};

export async function createProduct(actor: Actor, input: CreateProductInput) {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const created = await tx.product.create({ data: { instanceId, ...productColumns(input), name: input.name } });
    const product = await productOf(tx, instanceId, created.id);
    await recordAudit(tx, actor, {
      action: "product.create",
      entity: "product",
      entityId: created.id,
      details: auditable(product),
    });
    return serializeProduct(product);
  });
}

export async function updateProduct(actor: Actor, id: number, input: UpdateProductInput) {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const before = auditable(await productOf(tx, instanceId, id));
    await tx.product.update({ where: { id }, data: productColumns(input) });
    const product = await productOf(tx, instanceId, id);
    await recordUpdateAudit(
      tx,
      actor,
      { action: "product.update", entity: "product", entityId: id },
      before,
      auditable(product),
    );
    return serializeProduct(product);
  });
}

/** A product with documents cannot be deleted (they need it); deactivate it instead. */
export async function deleteProduct(actor: Actor, id: number) {
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
          details: auditable(product),
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

// ---------------------------------------------------------------- columns

async function columnOf(tx: Tx, instanceId: number, productId: number, id: number) {
  const column = await tx.productColumn.findFirst({ where: { id, productId, product: { instanceId } } });
  if (!column) throw notFound("Column not found");
  return column;
}

async function assertColumnKeyFree(tx: Tx, productId: number, key: string, exceptId?: number) {
  const clash = await tx.productColumn.findFirst({
    where: { productId, key, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw conflict(`This product already has a column with key "${key}"`, { code: "column_exists" });
}

const duplicateColumn = {
  unique: { message: "This product already has a column with this key", code: "column_exists" },
};

export async function createColumn(actor: Actor, productId: number, input: CreateColumnInput) {
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        await productOf(tx, instanceId, productId);
        await assertColumnKeyFree(tx, productId, input.key);
        const last = await tx.productColumn.aggregate({ where: { productId }, _max: { order: true } });
        const column = await tx.productColumn.create({
          data: { productId, ...input, order: input.order ?? (last._max.order ?? 0) + 1 },
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

export async function updateColumn(actor: Actor, productId: number, id: number, input: UpdateColumnInput) {
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const before = serializeColumn(await columnOf(tx, instanceId, productId, id));
        if (input.key !== undefined) await assertColumnKeyFree(tx, productId, input.key, id);
        const answer = serializeColumn(await tx.productColumn.update({ where: { id }, data: input }));
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

/** Removing a column only hides it: the values stay in documents' filled_columns. */
export async function deleteColumn(actor: Actor, productId: number, id: number) {
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

// ---------------------------------------------------------------- steps

async function stepOf(tx: Tx, instanceId: number, productId: number, id: number) {
  const step = await tx.productStep.findFirst({ where: { id, productId, product: { instanceId } } });
  if (!step) throw notFound("Step not found");
  return step;
}

export async function createStep(actor: Actor, productId: number, input: CreateStepInput) {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    await productOf(tx, instanceId, productId);
    const last = await tx.productStep.aggregate({ where: { productId }, _max: { order: true } });
    const step = await tx.productStep.create({
      data: { productId, name: input.name, order: input.order ?? (last._max.order ?? 0) + 1 },
    });
    const answer = serializeStep(step);
    await recordAudit(tx, actor, {
      action: "product_step.create",
      entity: "product_step",
      entityId: step.id,
      details: answer,
    });
    return answer;
  });
}

export async function updateStep(actor: Actor, productId: number, id: number, input: UpdateStepInput) {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const before = serializeStep(await stepOf(tx, instanceId, productId, id));
    const answer = serializeStep(await tx.productStep.update({ where: { id }, data: input }));
    await recordUpdateAudit(
      tx,
      actor,
      { action: "product_step.update", entity: "product_step", entityId: id, details: { product_id: productId } },
      before,
      answer,
    );
    return answer;
  });
}

/** Statuses in a deleted step keep working, without a step (the audit row lists them). */
export async function deleteStep(actor: Actor, productId: number, id: number) {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const step = await stepOf(tx, instanceId, productId, id);
    const statuses = await tx.status.findMany({ where: { stepId: id }, select: { id: true } });
    await tx.productStep.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "product_step.delete",
      entity: "product_step",
      entityId: id,
      details: { ...serializeStep(step), statuses_without_step: statuses.map((status) => status.id) },
    });
    return { deleted: true, id };
  });
}
