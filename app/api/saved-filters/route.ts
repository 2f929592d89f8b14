// GET /api/saved-filters — the caller's saved document searches; POST {name, filters} saves one (409 on a
// duplicate name). Auth: a staff user (session, or a user's token from POST /api/auth/token), viewer+.
import { ZCreateSavedFilterBody } from "@/lib/documents/search-schema.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import { createSavedFilter, listSavedFilters } from "@/lib/saved-filters/saved-filters.ts";

export const GET = apiRoute({
  role: "viewer",
  handler: ({ actor }) => listSavedFilters(actor),
});

export const POST = apiRoute({
  role: "viewer",
  body: ZCreateSavedFilterBody,
  handler: ({ actor, body }) => createSavedFilter({ actor, name: body.name, filters: body.filters }),
});
