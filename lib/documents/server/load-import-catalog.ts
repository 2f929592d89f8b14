import "server-only";
import { getDb } from "../../db/client.ts";
import type { ImportCatalog } from "../import-rows.ts";

/** What an import's rows are checked against (import-rows.ts toCreateInput): the instance's statuses and products. */
export async function loadImportCatalog(instanceId: number): Promise<ImportCatalog> {
  const db = await getDb();
  const [statuses, products] = await Promise.all([
    db.status.findMany({ where: { instanceId }, select: { id: true, name: true } }),
    db.product.findMany({
      where: { instanceId },
      select: {
        id: true,
        name: true,
        columns: { select: { key: true, type: true, required: true, options: true } },
      },
    }),
  ]);
  return { statuses, products };
}
