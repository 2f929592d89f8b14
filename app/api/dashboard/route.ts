// POST /api/dashboard — the dashboard's aggregates for a product and creation period. Auth: bearer or session (viewer+).
import { loadDashboard } from "@/lib/dashboard/server/load-dashboard.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => loadDashboard(ctx, ctx.body));
