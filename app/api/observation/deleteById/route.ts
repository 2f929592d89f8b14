// POST /api/observation/deleteById — delete a note. Auth: bearer or session (staff+).
import { deleteObservation } from "@/lib/documents/server/delete-observation.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => deleteObservation(ctx, { id: ctx.body.id }));
