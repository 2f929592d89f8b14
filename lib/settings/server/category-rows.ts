import "server-only";
// The rows the category use-cases share (lib/settings/server/*-category.ts): found inside the actor's instance or 404.
import type { Tx } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";

export async function categoryOf(tx: Tx, instanceId: number, id: number) {
  const category = await tx.statusCategory.findFirst({ where: { id, instanceId } });
  if (!category) throw notFound("Category not found");
  return category;
}

export async function assertCategoryKeyFree(tx: Tx, instanceId: number, key: string, exceptId?: number) {
  const clash = await tx.statusCategory.findFirst({
    where: { instanceId, key, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw conflict(`A category with key "${key}" already exists`, { code: "category_exists" });
}

export const duplicateCategoryKey = {
  unique: { message: "A category with this key already exists", code: "category_exists" },
};
