import { notFound } from "../errors/app-error.ts";
import { parseRouteId } from "../http/route-params.ts";

/** A numeric id from the URL path; anything else is a 404 (no such resource), like an unknown id. */
export function idParam(params: Record<string, string>, name = "id"): number {
  return parseRouteId(params[name], () => notFound(`Unknown ${name}`));
}
