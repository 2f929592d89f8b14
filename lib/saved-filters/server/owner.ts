import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { forbidden } from "../../errors/app-error.ts";
import { ZDocumentFilters, type SavedFilterView } from "../../documents/search-schema.ts";

// A staff user's named document searches. They belong to a person, so only calls made as a user (a session, or
// a token from POST /api/auth/token) have any; integration tokens are refused. One may be shared with the whole
// instance (the team's common views); only its owner deletes it.

export const MAX_SAVED_FILTERS_PER_USER = 50;

export function savedFilterOwner(actor: Actor): number {
  if (actor.userId === null) throw forbidden("Saved filters belong to a signed-in user");
  return actor.userId;
}

type SavedFilterRow = {
  id: number;
  userId: number;
  name: string;
  filters: unknown;
  shared: boolean;
  createdAt: Date;
  user: { name: string; email: string };
};

/** The columns savedFilterView reads (with the owner's name). */
export const SAVED_FILTER_SELECT = {
  id: true,
  userId: true,
  name: true,
  filters: true,
  shared: true,
  createdAt: true,
  user: { select: { name: true, email: true } },
} as const;

export function savedFilterView(row: SavedFilterRow, callerId: number): SavedFilterView {
  // Stored filters were valid when saved; if the contract has moved on since, an empty search is the safe reading.
  const parsed = ZDocumentFilters.safeParse(row.filters);
  return {
    id: row.id,
    name: row.name,
    filters: parsed.success ? parsed.data : {},
    shared: row.shared,
    mine: row.userId === callerId,
    owner: row.user.name.trim() || row.user.email,
    created_at: row.createdAt.toISOString(),
  };
}
