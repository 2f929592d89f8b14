import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { CompatPendency } from "../../compat/schemas.ts";
import { inTransaction } from "../../db/transaction.ts";
import { recordHistory } from "./history.ts";
import { serializeAttachment } from "./serialize.ts";
import { lockDocument } from "./lock-document.ts";

// The original service's attachment calls (docs/migrating.md) over our attachment rows: a pendency is our pending
// request, its status our `review`, a linked file a row in state `linked` that keeps only where the file lives.

/** attachment/createPendency: every request or none (one transaction; documents locked in id order). */
export async function createPendencies(ctx: UseCaseContext, input: { pendencies: CompatPendency[] }) {
  const { actor, requestId } = ctx;
  const { pendencies } = input;
  return inTransaction(async (tx) => {
    const documentIds = [...new Set(pendencies.map((item) => item.document_id))].sort((a, b) => a - b);
    for (const id of documentIds) await lockDocument(tx, actor.instanceId, id);
    const created = [];
    for (const item of pendencies) {
      const attachment = await tx.attachment.create({
        data: {
          documentId: item.document_id,
          state: "pending",
          fileName: item.name,
          requestNote: item.description || null,
          review: item.status ?? null,
          authorLabel: actor.label,
        },
        omit: { content: true },
      });
      await recordHistory(tx, {
        documentId: item.document_id,
        action: "attachment_request",
        actor,
        changes: [
          { field: "attachment_request", before: null, after: item.name },
          ...(item.description ? [{ field: "attachment_request.note", before: null, after: item.description }] : []),
        ],
        requestId,
      });
      created.push(serializeAttachment(attachment));
    }
    return created;
  });
}
