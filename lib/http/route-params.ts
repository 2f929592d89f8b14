import { routeIdSchema } from "./path-params.ts";

/** A positive integer id (a PostgreSQL int4) from a route segment; anything else throws `invalid()`. Routes declare
 * their ids in the contract instead (lib/http/path-params.ts); this serves code that reads a segment itself. */
export function parseRouteId(raw: string | undefined, invalid: () => Error): number {
  const parsed = routeIdSchema.safeParse(raw);
  if (!parsed.success) throw invalid();
  return parsed.data;
}
