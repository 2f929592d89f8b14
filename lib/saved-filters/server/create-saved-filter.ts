import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb, Prisma } from "../../db/client.ts";
import { conflict } from "../../errors/app-error.ts";
import type { DocumentFilters, SavedFilterView } from "../../documents/search-schema.ts";
import { MAX_SAVED_FILTERS_PER_USER, SAVED_FILTER_SELECT, savedFilterOwner, savedFilterView } from "./owner.ts";

/**
 * Saves one of the caller's searches under a name of their own, personal or shared with the instance (409 on a
 * duplicate name or past the limit).
 */
export async function createSavedFilter(
  ctx: UseCaseContext,
  input: { name: string; filters: DocumentFilters; shared?: boolean },
): Promise<SavedFilterView> {
  const userId = savedFilterOwner(ctx.actor);
  const db = await getDb();
  const count = await db.savedFilter.count({ where: { userId } });
  if (count >= MAX_SAVED_FILTERS_PER_USER) {
    throw conflict(`A user can keep at most ${MAX_SAVED_FILTERS_PER_USER} saved filters`, {
      code: "saved_filters_limit",
      params: { max: MAX_SAVED_FILTERS_PER_USER },
    });
  }
  try {
    const row = await db.savedFilter.create({
      data: {
        userId,
        name: input.name,
        filters: input.filters as Prisma.InputJsonValue,
        shared: input.shared ?? false,
      },
      select: SAVED_FILTER_SELECT,
    });
    return savedFilterView(row, userId);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict("A saved filter with this name already exists", { code: "saved_filter_duplicate" });
    }
    throw error;
  }
}
