import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { addObservation } from "../../documents/server/add-observation.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import type { CompatObservationBody } from "../schemas.ts";

/**
 * The original service's note (POST /api/observation/create) as ours: `observation_from` internal is an internal
 * note, client and question are shown to the customer; `send_communication` queues the customer's e-mail now, so the
 * outbox is woken.
 */
export async function createCompatObservation(ctx: UseCaseContext, input: CompatObservationBody) {
  const observation = await addObservation(ctx, {
    documentId: input.document_id,
    text: input.message,
    visibility: input.observation_from === "internal" ? "internal" : "customer",
    origin: input.observation_from,
    sendCommunication: input.send_communication,
    attachmentName: input.attachment_name,
  });
  if (input.send_communication) nudgeOutbox();
  return observation;
}
