// POST /api/documents/<id>/observations {text, visibility: internal|customer, send_email?} — add a note; a note to the
// customer with send_email also queues the customer's e-mail (an internal note never). Auth: staff+.
import { addObservation } from "@/lib/documents/server/add-observation.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { nudgeOutbox } from "@/lib/outbox/nudge.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, params, requestId }) => {
  const email = body.send_email === true && body.visibility === "customer";
  const observation = await addObservation(
    { actor, requestId },
    { documentId: params.id, text: body.text, visibility: body.visibility, sendCommunication: email },
  );
  if (email) nudgeOutbox();
  return observation;
});
