// DELETE /api/saved-filters/<id> — deletes one of the caller's saved filters (404 otherwise). Auth: a staff user.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteSavedFilter } from "@/lib/saved-filters/server/delete-saved-filter.ts";
import * as contract from "./contract.ts";

export const DELETE = apiRoute(contract.DELETE, async (ctx) => {
  const { id } = ctx.params;
  await deleteSavedFilter(ctx, { id });
  return { id, deleted: true };
});
