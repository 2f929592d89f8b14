import "server-only";
import { isCustomerActor } from "../../auth/actor.ts";
import { noteCustomerActivity } from "./customer-activity.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import type { UploadedFile } from "../../http/upload.ts";
import { acceptUploadedFile } from "./accept-uploaded-file.ts";
import { queueAttachmentReceived, sha256Hex } from "./attachment-common.ts";
import { recordHistory } from "./history.ts";
import { serializeAttachment } from "./serialize.ts";
import { lockDocument } from "./lock-document.ts";

/**
 * Stores a file on the document (content, sha256, sniffed media type, generated stored name) with its history row, in
 * one transaction; a file outside the instance's formats is refused (accept-uploaded-file.ts).
 */
export async function uploadAttachment(ctx: UseCaseContext, input: { documentId: number; file: UploadedFile }) {
  const { actor, requestId } = ctx;
  const { documentId } = input;
  return inDocumentTransaction(actor.instanceId, documentId, async (tx) => {
    const document = await lockDocument(tx, actor.instanceId, documentId);
    const file = await acceptUploadedFile(tx, actor.instanceId, input.file);
    const attachment = await tx.attachment.create({
      data: {
        documentId: document.id,
        state: "uploaded",
        fileName: file.fileName,
        storedName: file.storedName,
        mediaType: file.mediaType,
        size: file.bytes.byteLength,
        content: file.bytes,
        sha256: sha256Hex(file.bytes),
        authorLabel: actor.label,
        byCustomer: isCustomerActor(actor),
        uploadedAt: new Date(),
      },
      omit: { content: true },
    });
    if (isCustomerActor(actor))
      await noteCustomerActivity(tx, { instanceId: actor.instanceId, documentId: document.id });
    await recordHistory(tx, {
      documentId: document.id,
      action: "attachment",
      actor,
      changes: [{ field: "attachment", before: null, after: attachment.fileName }],
      requestId,
    });
    await queueAttachmentReceived(tx, document, attachment, actor);
    return serializeAttachment(attachment);
  });
}
