// POST /api/attachment/createPendency — file requests on documents. Auth: bearer or session (staff+).
import { createPendencies } from "@/lib/documents/server/create-pendencies.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => createPendencies(ctx, { pendencies: ctx.body.pendencies }));
