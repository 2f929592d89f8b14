// POST /api/observation/create — the original's note on a document. Auth: bearer or session (staff+).
import { addObservation } from "@/lib/documents/server/observations.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { nudgeOutbox } from "@/lib/outbox/nudge.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, requestId }) => {
  const observation = await addObservation(
    actor,
    body.document_id,
    {
      text: body.message,
      visibility: body.observation_from === "internal" ? "internal" : "customer",
      origin: body.observation_from,
      sendCommunication: body.send_communication,
      attachmentName: body.attachment_name,
    },
    requestId,
  );
  if (body.send_communication) nudgeOutbox();
  return observation;
});
