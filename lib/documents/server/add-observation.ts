import "server-only";
import { type CreateObservationInput } from "../schemas.ts";
import { isCustomerActor } from "../../auth/actor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { prismaRunner } from "../../db/raw-query.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { queueStatusMessage } from "../../outbox/server/enqueue.ts";
import { markCustomerActivitySeen, noteCustomerActivity } from "./customer-activity.ts";
import { recordHistory } from "./history.ts";
import { serializeObservation } from "./serialize.ts";
import { lockDocument } from "./lock-document.ts";

/** What the original service's clients add to a note (observation/create, docs/migrating.md). */
type ObservationExtras = {
  origin?: "internal" | "client" | "question";
  /** Queue the customer's e-mail now (the document's status template with its new customer notes). */
  sendCommunication?: boolean;
  attachmentName?: string | null;
};

/**
 * A note on a document, internal or addressed to the customer, with its history row in the same transaction; with
 * `sendCommunication` on a customer note, the customer's e-mail is queued in that transaction too (as a status
 * change that notifies does). Answers the note and whether an e-mail was queued.
 */
export async function addObservation(
  ctx: UseCaseContext,
  input: CreateObservationInput & ObservationExtras & { documentId: number },
) {
  const { actor, requestId } = ctx;
  const { documentId } = input;
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
        origin: input.origin ?? null,
        sendCommunication: input.sendCommunication ?? false,
        attachmentName: input.attachmentName || null,
        byCustomer: isCustomerActor(actor),
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
    // The customer's word marks the case for staff; a staff answer to the customer clears that mark.
    if (isCustomerActor(actor))
      await noteCustomerActivity(tx, { instanceId: actor.instanceId, documentId: document.id });
    else if (input.visibility === "customer") {
      await markCustomerActivitySeen(tx, { instanceId: actor.instanceId, documentId: document.id });
    }
    if (input.sendCommunication && input.visibility === "customer") {
      await queueStatusMessage(prismaRunner(tx), {
        instanceId: actor.instanceId,
        documentId: document.id,
        now: new Date(),
        always: true,
      });
    }
    return serializeObservation(observation);
  });
}
