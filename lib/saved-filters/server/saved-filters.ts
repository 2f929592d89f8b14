import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { getDb, Prisma } from "../../db/client.ts";
import { conflict, forbidden, notFound } from "../../errors/app-error.ts";
import { ZDocumentFilters, type DocumentFilters, type SavedFilterView } from "../../documents/search-schema.ts";

// A staff user's named document searches. They belong to a person, so only calls made as a user (a session, or
// a token from POST /api/auth/token) have any; integration tokens are refused.

const MAX_SAVED_FILTERS_PER_USER = 50;

function userIdOf(actor: Actor): number {
  if (actor.userId === null) throw forbidden("Saved filters belong to a signed-in user");
  return actor.userId;
}

function toView(row: { id: number; name: string; filters: unknown; createdAt: Date }): SavedFilterView {
  // Stored filters were valid when saved; if the contract has moved on since, an empty search is the safe reading.
  const parsed = ZDocumentFilters.safeParse(row.filters);
  return {
    id: row.id,
    name: row.name,
    filters: parsed.success ? parsed.data : {},
    created_at: row.createdAt.toISOString(),
  };
}

export async function listSavedFilters(actor: Actor): Promise<SavedFilterView[]> {
  const db = await getDb();
  const rows = await db.savedFilter.findMany({ where: { userId: userIdOf(actor) }, orderBy: { name: "asc" } });
  return rows.map(toView);
}

export async function createSavedFilter(input: {
  actor: Actor;
  name: string;
  filters: DocumentFilters;
}): Promise<SavedFilterView> {
  const userId = userIdOf(input.actor);
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
      data: { userId, name: input.name, filters: input.filters as Prisma.InputJsonValue },
    });
    return toView(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict("A saved filter with this name already exists", { code: "saved_filter_duplicate" });
    }
    throw error;
  }
}

/** Deletes one of the caller's own saved filters; someone else's answers 404 like a missing one. */
export async function deleteSavedFilter(input: { actor: Actor; id: number }): Promise<void> {
  const db = await getDb();
  const result = await db.savedFilter.deleteMany({ where: { id: input.id, userId: userIdOf(input.actor) } });
  if (result.count === 0) throw notFound("Saved filter not found");
}
