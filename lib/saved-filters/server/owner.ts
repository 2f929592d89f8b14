import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { forbidden } from "../../errors/app-error.ts";
import { ZDocumentFilters, type SavedFilterView } from "../../documents/search-schema.ts";

// A staff user's named document searches. They belong to a person, so only calls made as a user (a session, or
// a token from POST /api/auth/token) have any; integration tokens are refused.

export const MAX_SAVED_FILTERS_PER_USER = 50;

export function savedFilterOwner(actor: Actor): number {
  if (actor.userId === null) throw forbidden("Saved filters belong to a signed-in user");
  return actor.userId;
}

export function savedFilterView(row: { id: number; name: string; filters: unknown; createdAt: Date }): SavedFilterView {
  // Stored filters were valid when saved; if the contract has moved on since, an empty search is the safe reading.
  const parsed = ZDocumentFilters.safeParse(row.filters);
  return {
    id: row.id,
    name: row.name,
    filters: parsed.success ? parsed.data : {},
    created_at: row.createdAt.toISOString(),
  };
}
