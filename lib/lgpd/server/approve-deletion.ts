// Reviewed deletions: an instance setting (Instance.lgpdDeletionReview) makes new deletion requests wait for the
// privacy officer (review "awaiting"; the worker does not claim them, deletion-queue.ts). The officer approves — the
// erasure then runs as any other request — or denies with a reason: the request ends "error" with that reason, which
// the status API reports (docs/decisions.md). Every change is audited.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { awaitingRequest, serializeLgpdRequest } from "./lgpd-request-rows.ts";

/** Approves a waiting deletion: the worker erases at its next poll (or after the configured delay). Audited. */
export async function approveDeletion(ctx: UseCaseContext, { id }: { id: number }) {
  const { actor } = ctx;
  return inTransaction(async (tx) => {
    await awaitingRequest(tx, actor.instanceId, id);
    const updated = await tx.lgpdRequest.update({
      where: { id },
      data: { review: "approved", reviewedAt: new Date(), reviewedById: actor.userId },
    });
    await recordAudit(tx, actor, {
      action: "lgpd_request.approve",
      entity: "lgpd_request",
      entityId: id,
      details: { cpf_masked: updated.cpfMasked },
    });
    return serializeLgpdRequest(updated);
  });
}
