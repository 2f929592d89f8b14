// Reviewed deletions: an instance setting (Instance.lgpdDeletionReview) makes new deletion requests wait for the
// privacy officer (review "awaiting"; the worker does not claim them, deletion-queue.ts). The officer approves — the
// erasure then runs as any other request — or denies with a reason: the request ends "error" with that reason, which
// the status API reports (docs/decisions/0047-lgpd-review-and-legal-holds.md). Every change is audited.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { conflict } from "../../errors/app-error.ts";
import { awaitingRequest, serializeLgpdRequest } from "./lgpd-request-rows.ts";

/**
 * Approves a waiting deletion: the worker erases at its next poll (or after the configured delay). Audited. With four
 * eyes on (Instance.lgpdFourEyes), a request a person entered by hand needs another person's approval: an erasure
 * cannot be undone, and one person alone could otherwise erase anyone by typing a request and approving it.
 */
export async function approveDeletion(ctx: UseCaseContext, { id }: { id: number }) {
  const { actor } = ctx;
  return inTransaction(async (tx) => {
    const row = await awaitingRequest(tx, actor.instanceId, id);
    if (row.requestedById !== null && row.requestedById === actor.userId) {
      const { lgpdFourEyes } = await tx.instance.findUniqueOrThrow({
        where: { id: actor.instanceId },
        select: { lgpdFourEyes: true },
      });
      if (lgpdFourEyes) {
        throw conflict("Four eyes: whoever entered a deletion request cannot approve it", { code: "lgpd_four_eyes" });
      }
    }
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
