import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeStatus } from "../../catalog/server/serialize.ts";
import { prismaRunner } from "../../db/raw-query.ts";
import { inTransaction } from "../../db/transaction.ts";
import { updateDocumentInTx } from "../../documents/server/update-document.ts";
import { conflict, invalid, notFound } from "../../errors/app-error.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { statusOf } from "./status-rows.ts";

/**
 * Deletes a status. Documents in it would be left without a status: without `moveTo` that is refused; with it, every
 * one of them moves to that status first — in the same transaction, each move in its document's history (as a status
 * change by this admin, past the transition rules: the admin chose the destination) — so either all moved and the
 * status is gone, or nothing changed.
 */
export async function deleteStatus(ctx: UseCaseContext, input: { id: number; moveTo?: number }) {
  const { actor } = ctx;
  const { id, moveTo } = input;
  const instanceId = actor.instanceId;
  let queued = false;
  const answer = await conflictOnViolation(
    () =>
      inTransaction(
        async (tx) => {
          queued = false;
          const status = await statusOf(tx, instanceId, id);
          if (moveTo === id) {
            throw invalid("A status's documents cannot be moved to the status being deleted", undefined, {
              code: "move_to_itself",
              params: { name: status.name },
            });
          }
          const target =
            moveTo === undefined
              ? null
              : await tx.status.findFirst({ where: { id: moveTo, instanceId }, select: { id: true, name: true } });
          if (moveTo !== undefined && !target) throw notFound("Status to move the documents to not found");
          const documents = await tx.document.findMany({
            where: { statusId: id, instanceId },
            select: { id: true },
            orderBy: { id: "asc" },
          });
          if (documents.length > 0 && !target) {
            const used = documents.length;
            throw conflict(
              `Status "${status.name}" is used by ${used} document${used === 1 ? "" : "s"}; move ${used === 1 ? "it" : "them"} to another status before deleting it`,
              { code: "status_in_use", params: { name: status.name, count: used } },
            );
          }
          const query = prismaRunner(tx);
          for (const document of documents) {
            const moved = await updateDocumentInTx(
              query,
              ctx,
              { id: document.id, status_id: target!.id },
              { overrideTransitions: true },
            );
            if (moved.queued) queued = true;
          }
          // Other statuses' transitions to this one go with it (cascade). A list emptied that way would silently mean
          // "may move anywhere", so that case is refused until the admin decides what those statuses allow.
          const incoming = await tx.statusTransition.findMany({
            where: { toStatusId: id },
            select: {
              fromStatusId: true,
              from: { select: { name: true, _count: { select: { transitions: true } } } },
            },
          });
          const orphaned = incoming.filter((row) => row.from._count.transitions === 1 && row.fromStatusId !== id);
          if (orphaned.length) {
            throw conflict(
              `Status "${status.name}" is the only allowed transition of ${orphaned.map((row) => `"${row.from.name}"`).join(", ")}; change their transitions first`,
              {
                code: "only_transition",
                params: { name: status.name, others: orphaned.map((row) => `“${row.from.name}”`).join(", ") },
              },
            );
          }
          await tx.status.delete({ where: { id } });
          await recordAudit(tx, actor, {
            action: "status.delete",
            entity: "status",
            entityId: id,
            details: {
              ...serializeStatus(status),
              removed_from_transitions_of: incoming.map((row) => row.fromStatusId),
              ...(target ? { moved_documents: documents.length, moved_to_status_id: target.id } : {}),
            },
          });
          return { deleted: true as const, id };
        },
        // Each moved document is two statements; a status with thousands of documents needs more than the default.
        { timeoutMs: 120_000 },
      ),
    { foreignKey: { message: "This status is in use by documents and cannot be deleted", code: "in_use" } },
  );
  if (queued) nudgeOutbox();
  return answer;
}
