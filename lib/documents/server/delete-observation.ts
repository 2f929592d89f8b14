import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { recordHistory } from "./history.ts";
import { lockDocument } from "./lock-document.ts";

/** Deletes a note of the actor's instance (404 otherwise), with a history row saying what it said. */
export async function deleteObservation(ctx: UseCaseContext, input: { id: number }) {
  const { actor, requestId } = ctx;
  const observationId = input.id;
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
