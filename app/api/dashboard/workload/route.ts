// POST /api/dashboard/workload — open, late and due-today documents per responsible person. Auth: bearer or session
// (viewer+).
import { countWorkload } from "@/lib/dashboard/server/count-workload.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => countWorkload(ctx, ctx.body));
