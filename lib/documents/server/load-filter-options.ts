import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { FilterOptions } from "../search-schema.ts";

/** Everything the documents filter bar offers, in display order, for one instance. */
export async function loadFilterOptions(ctx: UseCaseContext): Promise<FilterOptions> {
  const { instanceId, userId: me } = ctx.actor;
  const db = await getDb();
  const [categories, statuses, products, modalities, users] = [
    await db.statusCategory.findMany({ where: { instanceId }, orderBy: [{ order: "asc" }, { id: "asc" }] }),
    await db.status.findMany({
      where: { instanceId },
      orderBy: [{ order: "asc" }, { id: "asc" }],
      include: { category: { select: { key: true } }, transitions: { select: { toStatusId: true } } },
    }),
    await db.product.findMany({
      where: { instanceId },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      include: { columns: { orderBy: [{ order: "asc" }, { id: "asc" }] } },
    }),
    await db.modality.findMany({ where: { instanceId }, orderBy: [{ identifier: "asc" }] }),
    await db.user.findMany({
      where: { instanceId },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, disabled: true },
    }),
  ];
  // A product's first status: the lowest-ordered status mapped to its lowest-ordered step.
  const mapped = await db.productStatusStep.findMany({
    where: { product: { instanceId } },
    select: { productId: true, step: { select: { order: true } }, status: { select: { id: true, order: true } } },
  });
  type Place = { step: number; order: number; id: number };
  const compare = (a: Place, b: Place) => a.step - b.step || a.order - b.order || a.id - b.id;
  const firstStatus = new Map<number, Place>();
  for (const row of mapped) {
    const candidate = { step: row.step.order, order: row.status.order, id: row.status.id };
    const best = firstStatus.get(row.productId);
    if (!best || compare(candidate, best) < 0) firstStatus.set(row.productId, candidate);
  }
  return {
    categories: categories.map(({ key, label, kind }) => ({ key, label, kind })),
    statuses: statuses.map((status) => ({
      id: status.id,
      name: status.name,
      category_key: status.category.key,
      text_color: status.textColor,
      bg_color: status.bgColor,
      final: status.final,
      allowed_status_ids: status.transitions.map((transition) => transition.toStatusId).sort((a, b) => a - b),
    })),
    products: products.map((product) => ({
      id: product.id,
      name: product.name,
      active: product.active,
      columns: product.columns.map(({ key, label, type, required, options }) => ({
        key,
        label,
        type,
        required,
        options: options ?? [],
      })),
      first_status_id: firstStatus.get(product.id)?.id ?? statuses[0]?.id ?? null,
    })),
    modalities: modalities.map(({ id, identifier }) => ({ id, identifier })),
    users,
    me,
  };
}
