// GET /api/saved-filters — the caller's saved document searches; POST {name, filters} saves one (409 on a
// duplicate name). Auth: a staff user (session, or a user's token from POST /api/auth/token), viewer+.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createSavedFilter } from "@/lib/saved-filters/server/create-saved-filter.ts";
import { listSavedFilters } from "@/lib/saved-filters/server/list-saved-filters.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, (ctx) => listSavedFilters(ctx));

export const POST = apiRoute(contract.POST, (ctx) =>
  createSavedFilter(ctx, { name: ctx.body.name, filters: ctx.body.filters, shared: ctx.body.shared }),
);
