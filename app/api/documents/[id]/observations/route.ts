// POST /api/documents/<id>/observations {text, visibility: internal|customer} — add a note. Auth: staff+.
import { pathId } from "@/lib/documents/access.ts";
import { addObservation, createObservationSchema } from "@/lib/documents/observations.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "staff",
  body: createObservationSchema,
  handler: async ({ actor, body, params, requestId }) => addObservation(actor, pathId(params, "id"), body, requestId),
});
