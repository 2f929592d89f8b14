import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { SavedFilterView } from "../../documents/search-schema.ts";
import { savedFilterOwner, savedFilterView } from "./owner.ts";

/** The caller's saved document searches, by name. */
export async function listSavedFilters(ctx: UseCaseContext): Promise<SavedFilterView[]> {
  const db = await getDb();
  const rows = await db.savedFilter.findMany({
    where: { userId: savedFilterOwner(ctx.actor) },
    orderBy: { name: "asc" },
  });
  return rows.map(savedFilterView);
}
