import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { serializeCategory } from "../../catalog/server/serialize.ts";
import { getDb } from "../../db/client.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import { recordAudit, recordUpdateAudit } from "../../audit/server/record-audit.ts";
import { conflictOnViolation } from "../db-errors.ts";
import type { CreateCategoryInput, UpdateCategoryInput } from "../schemas.ts";

// Status categories: an admin-managed set (key, label, kind); a fresh instance has the spec's five.

export async function listCategories(instanceId: number) {
  const db = await getDb();
  const categories = await db.statusCategory.findMany({
    where: { instanceId },
    orderBy: [{ order: "asc" }, { id: "asc" }],
    include: { _count: { select: { statuses: true } } },
  });
  return categories.map((category) => ({ ...serializeCategory(category), status_count: category._count.statuses }));
}

async function categoryOf(tx: Tx, instanceId: number, id: number) {
  const category = await tx.statusCategory.findFirst({ where: { id, instanceId } });
  if (!category) throw notFound("Category not found");
  return category;
}

async function assertKeyFree(tx: Tx, instanceId: number, key: string, exceptId?: number) {
  const clash = await tx.statusCategory.findFirst({
    where: { instanceId, key, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw conflict(`A category with key "${key}" already exists`, { code: "category_exists" });
}

const duplicateKey = { unique: { message: "A category with this key already exists", code: "category_exists" } };

export async function createCategory(actor: Actor, input: CreateCategoryInput) {
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        await assertKeyFree(tx, instanceId, input.key);
        const last = await tx.statusCategory.aggregate({ where: { instanceId }, _max: { order: true } });
        const category = await tx.statusCategory.create({
          data: { instanceId, ...input, order: input.order ?? (last._max.order ?? 0) + 1 },
        });
        const answer = serializeCategory(category);
        await recordAudit(tx, actor, {
          action: "category.create",
          entity: "category",
          entityId: category.id,
          details: answer,
        });
        return answer;
      }),
    duplicateKey,
  );
}

export async function updateCategory(actor: Actor, id: number, input: UpdateCategoryInput) {
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const before = serializeCategory(await categoryOf(tx, instanceId, id));
        if (input.key !== undefined) await assertKeyFree(tx, instanceId, input.key, id);
        const answer = serializeCategory(await tx.statusCategory.update({ where: { id }, data: input }));
        await recordUpdateAudit(
          tx,
          actor,
          { action: "category.update", entity: "category", entityId: id },
          before,
          answer,
        );
        return answer;
      }),
    duplicateKey,
  );
}

/** A category that statuses use cannot be deleted (they would lose their meaning for the workflow). */
export async function deleteCategory(actor: Actor, id: number) {
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const category = await categoryOf(tx, instanceId, id);
        const used = await tx.status.count({ where: { categoryId: id } });
        if (used > 0) {
          throw conflict(
            `Category "${category.label}" is used by ${used} status${used === 1 ? "" : "es"}; move them to another category first`,
            { code: "category_in_use", params: { name: category.label, count: used } },
          );
        }
        await tx.statusCategory.delete({ where: { id } });
        await recordAudit(tx, actor, {
          action: "category.delete",
          entity: "category",
          entityId: id,
          details: serializeCategory(category),
        });
        return { deleted: true, id };
      }),
    { foreignKey: { message: "This category is in use by statuses and cannot be deleted", code: "in_use" } },
  );
}
