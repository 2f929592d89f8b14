// GET /api/account/second-factor — one's second factor: on, required, recovery codes left. Auth: a person (also a
// session that must enrol first).
import { loadSecondFactor } from "@/lib/account/server/load-second-factor.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => loadSecondFactor(ctx));
