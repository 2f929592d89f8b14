// Reviewed deletions: an instance setting (Instance.lgpdDeletionReview) makes new deletion requests wait for the
// privacy officer (review "awaiting"; the worker does not claim them, deletion-queue.ts). The officer approves — the
// erasure then runs as any other request — or denies with a reason: the request ends "error" with that reason, which
// the status API reports (docs/decisions/0047-lgpd-review-and-legal-holds.md). Every change is audited.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { awaitingRequest, serializeLgpdRequest } from "./lgpd-request-rows.ts";

/**
 * Denies a waiting deletion with a reason (e.g. the requester's identity could not be confirmed): the request ends
 * "error" and the status API reports the reason. The CPF is dropped from the row as for any processed request.
 */
export async function denyDeletion(ctx: UseCaseContext, { id, reason }: { id: number; reason: string }) {
  const { actor } = ctx;
  return inTransaction(async (tx) => {
    const row = await awaitingRequest(tx, actor.instanceId, id);
    const deniedAt = new Date();
    const updated = await tx.lgpdRequest.update({
      where: { id },
      data: {
        status: "error",
        review: "denied",
        reviewReason: reason,
        reviewedAt: deniedAt,
        reviewedById: actor.userId,
        processedAt: deniedAt,
        lastError: reason,
        cpfPending: null,
        pendingKey: null,
        details: {
          requested_at: row.requestedAt.toISOString(),
          ...(row.receivedAt ? { received_at: row.receivedAt.toISOString() } : {}),
          review: "denied",
          denied_at: deniedAt.toISOString(),
          reason,
        },
      },
    });
    await recordAudit(tx, actor, {
      action: "lgpd_request.deny",
      entity: "lgpd_request",
      entityId: id,
      details: { cpf_masked: updated.cpfMasked, reason },
    });
    return serializeLgpdRequest(updated);
  });
}
