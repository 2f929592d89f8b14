// GET, PUT /api/admin/settings/second-factor — the instance's second-factor policy. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { loadSecondFactorPolicy } from "@/lib/settings/server/load-second-factor-policy.ts";
import { setSecondFactorPolicy } from "@/lib/settings/server/set-second-factor-policy.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => loadSecondFactorPolicy(ctx));
export const PUT = apiRoute(contract.PUT, async (ctx) => setSecondFactorPolicy(ctx, ctx.body));
