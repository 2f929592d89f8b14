// GET /api/saved-filters — the caller's saved document searches; POST {name, filters} saves one (409 on a
// duplicate name). Auth: a staff user (session, or a user's token from POST /api/auth/token), viewer+.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createSavedFilter, listSavedFilters } from "@/lib/saved-filters/server/saved-filters.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, ({ actor }) => listSavedFilters(actor));

export const POST = apiRoute(contract.POST, ({ actor, body }) =>
  createSavedFilter({ actor, name: body.name, filters: body.filters }),
);
