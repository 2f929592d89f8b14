// Reviewed deletions: an instance setting (Instance.lgpdDeletionReview) makes new deletion requests wait for the
// privacy officer (review "awaiting"; the worker does not claim them, deletion-queue.ts). The officer approves — the
// erasure then runs as any other request — or denies with a reason: the request ends "error" with that reason, which
// the status API reports (docs/decisions/0047-lgpd-review-and-legal-holds.md). Every change is audited.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { loadDeletionReview } from "./load-deletion-review.ts";

/**
 * Turns reviews on or off for new requests (those already waiting keep waiting for a decision), and four eyes on or
 * off (whoever entered a request by hand cannot approve it). Each change is audited.
 */
export async function setDeletionReview(
  ctx: UseCaseContext,
  { enabled, four_eyes: fourEyes }: { enabled?: boolean; four_eyes?: boolean },
) {
  const { actor } = ctx;
  await inTransaction(async (tx) => {
    const before = await tx.instance.findUniqueOrThrow({
      where: { id: actor.instanceId },
      select: { lgpdDeletionReview: true, lgpdFourEyes: true },
    });
    if (enabled !== undefined && before.lgpdDeletionReview !== enabled) {
      await tx.instance.update({ where: { id: actor.instanceId }, data: { lgpdDeletionReview: enabled } });
      await recordAudit(tx, actor, {
        action: "instance.lgpd_review",
        entity: "instance",
        entityId: actor.instanceId,
        details: { changes: { lgpd_deletion_review: { before: before.lgpdDeletionReview, after: enabled } } },
      });
    }
    if (fourEyes !== undefined && before.lgpdFourEyes !== fourEyes) {
      await tx.instance.update({ where: { id: actor.instanceId }, data: { lgpdFourEyes: fourEyes } });
      await recordAudit(tx, actor, {
        action: "instance.lgpd_four_eyes",
        entity: "instance",
        entityId: actor.instanceId,
        details: { changes: { lgpd_four_eyes: { before: before.lgpdFourEyes, after: fourEyes } } },
      });
    }
  });
  return loadDeletionReview(ctx);
}
