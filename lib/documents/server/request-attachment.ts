import "server-only";
import { type RequestAttachmentInput } from "../schemas.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { recordHistory } from "./history.ts";
import { serializeAttachment } from "./serialize.ts";
import { lockDocument } from "./lock-document.ts";

/** A pending request for a file the customer must send. */
export async function requestAttachment(ctx: UseCaseContext, input: RequestAttachmentInput & { documentId: number }) {
  const { actor, requestId } = ctx;
  const { documentId } = input;
  return inDocumentTransaction(actor.instanceId, documentId, async (tx) => {
    const document = await lockDocument(tx, actor.instanceId, documentId);
    const attachment = await tx.attachment.create({
      data: {
        documentId: document.id,
        state: "pending",
        fileName: input.file_name,
        requestNote: input.note || null,
        authorLabel: actor.label,
      },
      omit: { content: true },
    });
    await recordHistory(tx, {
      documentId: document.id,
      action: "attachment_request",
      actor,
      changes: [
        { field: "attachment_request", before: null, after: input.file_name },
        ...(input.note ? [{ field: "attachment_request.note", before: null, after: input.note }] : []),
      ],
      requestId,
    });
    return serializeAttachment(attachment);
  });
}
