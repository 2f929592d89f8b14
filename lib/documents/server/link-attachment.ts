import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { CompatUploadLinkBody } from "../../compat/schemas.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { recordHistory } from "./history.ts";
import { serializeAttachment } from "./serialize.ts";
import { lockDocument } from "./lock-document.ts";

/**
 * attachment/upload/link: records a file that lives elsewhere. Metadata only — the server never fetches `path`
 * (no server-side request to an address a client chose, no personal data pulled in).
 */
export async function linkAttachment(ctx: UseCaseContext, input: CompatUploadLinkBody) {
  const { actor, requestId } = ctx;
  return inDocumentTransaction(actor.instanceId, input.document_id, async (tx) => {
    const document = await lockDocument(tx, actor.instanceId, input.document_id);
    const attachment = await tx.attachment.create({
      data: {
        documentId: document.id,
        state: "linked",
        fileName: input.filename || input.name,
        requestNote: input.description || null,
        linkPath: input.path,
        linkDriver: input.driver || null,
        review: input.status ?? null,
        authorLabel: actor.label,
        uploadedAt: new Date(),
      },
      omit: { content: true },
    });
    await recordHistory(tx, {
      documentId: document.id,
      action: "attachment_link",
      actor,
      changes: [{ field: "attachment", before: null, after: attachment.fileName }],
      requestId,
    });
    return serializeAttachment(attachment);
  });
}
