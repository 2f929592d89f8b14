// POST /api/observation/create — the original's note on a document. Auth: bearer or session (staff+).
import { createCompatObservation } from "@/lib/compat/server/create-compat-observation.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => createCompatObservation(ctx, ctx.body));
