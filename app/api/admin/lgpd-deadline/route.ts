// GET/PUT /api/admin/lgpd-deadline — the instance's LGPD answer deadline (15 or 30 days). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { loadDeadlineDays } from "@/lib/lgpd/server/load-deadline-days.ts";
import { setDeadlineDays } from "@/lib/lgpd/server/set-deadline-days.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => ({ deadline_days: await loadDeadlineDays(ctx) }));

export const PUT = apiRoute(contract.PUT, async (ctx) => setDeadlineDays(ctx, ctx.body));
