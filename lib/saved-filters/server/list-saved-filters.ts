import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { SavedFilterView } from "../../documents/search-schema.ts";
import { SAVED_FILTER_SELECT, savedFilterOwner, savedFilterView } from "./owner.ts";

/** The caller's saved document searches and those colleagues of the instance shared, the caller's first, by name. */
export async function listSavedFilters(ctx: UseCaseContext): Promise<SavedFilterView[]> {
  const userId = savedFilterOwner(ctx.actor);
  const db = await getDb();
  const rows = await db.savedFilter.findMany({
    where: { OR: [{ userId }, { shared: true, user: { instanceId: ctx.actor.instanceId } }] },
    orderBy: { name: "asc" },
    select: SAVED_FILTER_SELECT,
  });
  const views = rows.map((row) => savedFilterView(row, userId));
  return [...views.filter((view) => view.mine), ...views.filter((view) => !view.mine)];
}
