// POST /api/documents/<id>/observations {text, visibility: internal|customer} — add a note. Auth: staff+.
import { addObservation } from "@/lib/documents/server/observations.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, params, requestId }) =>
  addObservation(actor, params.id, body, requestId),
);
