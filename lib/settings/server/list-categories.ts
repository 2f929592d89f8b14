import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeCategory } from "../../catalog/server/serialize.ts";
import { getDb } from "../../db/client.ts";

// Status categories: an admin-managed set (key, label, kind); a fresh instance has the spec's five.
export async function listCategories(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const categories = await db.statusCategory.findMany({
    where: { instanceId },
    orderBy: [{ order: "asc" }, { id: "asc" }],
    include: { _count: { select: { statuses: true } } },
  });
  return categories.map((category) => ({ ...serializeCategory(category), status_count: category._count.statuses }));
}
