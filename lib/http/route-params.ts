import { notFound } from "./errors.ts";

const MAX_INT4 = 2_147_483_647;

/** A positive integer id (a PostgreSQL int4) from a route segment; anything else throws `invalid()`. */
export function parseRouteId(raw: string | undefined, invalid: () => Error): number {
  const value = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > MAX_INT4) throw invalid();
  return value;
}

/** A positive integer id from a route segment; anything else is a 404 with `message`. */
export function idParam(value: string | undefined, message = "Not found"): number {
  return parseRouteId(value, () => notFound(message));
}
