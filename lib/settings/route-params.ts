import { notFound } from "../http/errors.ts";

const MAX_INT4 = 2_147_483_647;

/** A numeric id from the URL path; anything else is a 404 (no such resource), like an unknown id. */
export function idParam(params: Record<string, string>, name = "id"): number {
  const raw = params[name] ?? "";
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > MAX_INT4) throw notFound(`Unknown ${name}`);
  return value;
}
