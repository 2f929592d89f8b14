// The products and statuses a legal hold may name (the data-subject page's form).
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";

export async function loadHoldCatalog(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const [products, statuses] = await Promise.all([
    db.product.findMany({ where: { instanceId }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db.status.findMany({
      where: { instanceId },
      select: { id: true, name: true },
      orderBy: [{ order: "asc" }, { id: "asc" }],
    }),
  ]);
  return { products, statuses };
}
