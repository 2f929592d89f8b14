// POST /api/observation/deleteById — delete a note. Auth: bearer or session (staff+).
import { deleteObservation } from "@/lib/documents/server/observations.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, requestId }) =>
  deleteObservation(actor, body.id, requestId),
);
