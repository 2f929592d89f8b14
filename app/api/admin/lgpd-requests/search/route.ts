// POST /api/admin/lgpd-requests/search — the instance's LGPD requests, paged, newest first; filters by status,
// requested days and CPF (hashed; POST keeps it out of URLs and logs). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { searchLgpdRequests } from "@/lib/lgpd/server/search-lgpd-requests.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => searchLgpdRequests(ctx, ctx.body));
