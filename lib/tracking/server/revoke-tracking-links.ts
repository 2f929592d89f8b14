import "server-only";
import { hasRole } from "../../auth/actor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { recordHistory } from "../../documents/server/history.ts";
import { lockDocument } from "../../documents/server/lock-document.ts";
import { forbidden } from "../../errors/app-error.ts";

/**
 * "Revogar links de acompanhamento": every tracking link and lookup session of the document issued so far stops
 * opening the page (the document's link generation goes up; tokens carry the one they were minted with). The next
 * e-mail carries a new link; the customer can also look the case up again with protocol and CPF. Staff+, in the
 * caller's instance; recorded in the document's history and the audit log.
 */
export async function revokeTrackingLinks(ctx: UseCaseContext, input: { documentId: number }) {
  const { actor, requestId } = ctx;
  if (!hasRole(actor, "staff")) throw forbidden("Your role does not allow revoking tracking links");
  return inDocumentTransaction(actor.instanceId, input.documentId, async (tx) => {
    const document = await lockDocument(tx, actor.instanceId, input.documentId);
    const updated = await tx.document.update({
      where: { id: document.id },
      data: { trackingEpoch: { increment: 1 } },
      select: { trackingEpoch: true, updatedAt: true },
    });
    await recordHistory(tx, {
      documentId: document.id,
      action: "tracking_links_revoked",
      actor,
      changes: [{ field: "tracking_links", before: document.trackingEpoch, after: updated.trackingEpoch }],
      requestId,
    });
    await recordAudit(tx, actor, {
      action: "document.revoke_tracking_links",
      entity: "document",
      entityId: document.id,
      details: {},
    });
    return { revoked_at: updated.updatedAt.toISOString() };
  });
}
