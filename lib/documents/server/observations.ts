import { type CreateObservationInput } from "../schemas.ts";
import type { Actor } from "../../auth/actor.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { recordHistory } from "./history.ts";
import { serializeObservation } from "./serialize.ts";
import { lockDocument } from "./update.ts";

/** A note on a document, internal or addressed to the customer, with its history row in the same transaction. */
export async function addObservation(
  actor: Actor,
  documentId: number,
  input: CreateObservationInput,
  requestId?: string,
) {
  return inDocumentTransaction(actor.instanceId, documentId, async (tx) => {
    const document = await lockDocument(tx, actor.instanceId, documentId);
    const observation = await tx.observation.create({
      data: {
        documentId: document.id,
        text: input.text,
        visibility: input.visibility,
        authorLabel: actor.label,
        userId: actor.type === "user" ? actor.id : actor.userId,
        tokenId: actor.type === "token" ? actor.id : null,
      },
    });
    await recordHistory(tx, {
      documentId: document.id,
      action: "observation",
      actor,
      changes: [
        { field: "observation", before: null, after: input.text },
        { field: "observation.visibility", before: null, after: input.visibility },
      ],
      requestId,
    });
    return serializeObservation(observation);
  });
}
