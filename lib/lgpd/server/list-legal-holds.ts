// The instance's legal holds (LGPD Art. 16 I) as the data-subject page lists them, each with the name of the product
// or status it keeps. The erasure keeps the matching documents (held-documents.ts, erase-tied-data.ts).
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";

export async function listLegalHolds(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const [holds, products, statuses] = await Promise.all([
    db.lgpdLegalHold.findMany({ where: { instanceId }, orderBy: { id: "asc" } }),
    db.product.findMany({ where: { instanceId }, select: { id: true, name: true } }),
    db.status.findMany({ where: { instanceId }, select: { id: true, name: true } }),
  ]);
  const names = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  const productNames = names(products);
  const statusNames = names(statuses);
  return {
    items: holds.map((hold) => ({
      id: hold.id,
      product_id: hold.productId,
      status_id: hold.statusId,
      scope_name:
        (hold.productId !== null ? productNames.get(hold.productId) : statusNames.get(hold.statusId ?? -1)) ?? "—",
      basis: hold.basis,
      period_years: hold.periodYears,
      created_at: hold.createdAt.toISOString(),
    })),
  };
}
