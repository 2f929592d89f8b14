import { type CreateObservationInput } from "../schemas.ts";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { prismaRunner } from "../../db/raw-query.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { queueStatusMessage } from "../../outbox/server/enqueue.ts";
import { recordHistory } from "./history.ts";
import { serializeObservation } from "./serialize.ts";
import { lockDocument } from "./update.ts";

/** What the original service's clients add to a note (observation/create, docs/migrating.md). */
export type ObservationExtras = {
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
  actor: Actor,
  documentId: number,
  input: CreateObservationInput & ObservationExtras,
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
        origin: input.origin ?? null,
        sendCommunication: input.sendCommunication ?? false,
        attachmentName: input.attachmentName || null,
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

/** Deletes a note of the actor's instance (404 otherwise), with a history row saying what it said. */
export async function deleteObservation(actor: Actor, observationId: number, requestId?: string) {
  const db = await getDb();
  const found = await db.observation.findFirst({
    where: { id: observationId, document: { instanceId: actor.instanceId } },
    select: { documentId: true },
  });
  if (!found) throw notFound("Provided id parameter not exists on database");
  return inDocumentTransaction(actor.instanceId, found.documentId, async (tx) => {
    const document = await lockDocument(tx, actor.instanceId, found.documentId);
    const observation = await tx.observation.findFirst({ where: { id: observationId, documentId: document.id } });
    if (!observation) throw notFound("Provided id parameter not exists on database");
    await tx.observation.delete({ where: { id: observation.id } });
    await recordHistory(tx, {
      documentId: document.id,
      action: "observation_delete",
      actor,
      changes: [{ field: "observation", before: observation.text, after: null }],
      requestId,
    });
    return { id: observation.id, deleted: true as const };
  });
}
