// POST /api/status/loadStatusTransition — the original SDK's status.loadTransition. Auth: bearer or session (viewer+).
import { loadStatusTransitions } from "@/lib/catalog/server/load-status-transitions.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => loadStatusTransitions(ctx, ctx.body));
