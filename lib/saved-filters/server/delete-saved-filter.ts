import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { savedFilterOwner } from "./owner.ts";

/** Deletes one of the caller's own saved filters; someone else's answers 404 like a missing one. */
export async function deleteSavedFilter(ctx: UseCaseContext, input: { id: number }): Promise<void> {
  const db = await getDb();
  const result = await db.savedFilter.deleteMany({ where: { id: input.id, userId: savedFilterOwner(ctx.actor) } });
  if (result.count === 0) throw notFound("Saved filter not found");
}
