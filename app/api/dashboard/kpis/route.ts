// POST /api/dashboard/kpis — the dashboard's five headline counts in one query. Auth: bearer or session (viewer+).
import { countKpis } from "@/lib/dashboard/server/count-kpis.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => countKpis(ctx, ctx.body));
