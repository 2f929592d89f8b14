import { notFound } from "./errors.ts";

/** A positive integer id from a route segment; anything else is a 404 with `message`. */
export function idParam(value: string | undefined, message = "Not found"): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw notFound(message);
  const id = Number(value);
  if (id < 1) throw notFound(message);
  return id;
}
