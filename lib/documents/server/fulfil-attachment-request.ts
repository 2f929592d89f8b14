import "server-only";
import { isCustomerActor } from "../../auth/actor.ts";
import { noteCustomerActivity } from "./customer-activity.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import type { UploadedFile } from "../../http/upload.ts";
import { acceptUploadedFile } from "./accept-uploaded-file.ts";
import { attachmentNotFound, queueAttachmentReceived, sha256Hex } from "./attachment-common.ts";
import { recordHistory } from "./history.ts";
import { serializeAttachment } from "./serialize.ts";
import { lockDocument } from "./lock-document.ts";

/**
 * Fulfils a pending request with the uploaded file (checked as every upload is: accept-uploaded-file.ts); a request
 * already fulfilled is a 409.
 */
export async function fulfilAttachmentRequest(
  ctx: UseCaseContext,
  input: { documentId: number; attachmentId: number; file: UploadedFile },
) {
  const { actor, requestId } = ctx;
  const { documentId, attachmentId } = input;
  return inDocumentTransaction(actor.instanceId, documentId, async (tx) => {
    const document = await lockDocument(tx, actor.instanceId, documentId);
    const pending = await tx.attachment.findFirst({
      where: { id: attachmentId, documentId: document.id },
      omit: { content: true },
    });
    if (!pending) throw attachmentNotFound();
    const file = await acceptUploadedFile(tx, actor.instanceId, input.file);
    // The state check is part of the write, so two uploads against one request cannot both win.
    const { count } = await tx.attachment.updateMany({
      where: { id: pending.id, state: "pending" },
      data: {
        state: "uploaded",
        fileName: file.fileName,
        // The upload is the uploader's (the customer's, from the tracking page), not the requester's; the name of
        // the document that was asked for stays beside the file's own name.
        requestName: pending.fileName,
        authorLabel: actor.label,
        byCustomer: isCustomerActor(actor),
        storedName: file.storedName,
        mediaType: file.mediaType,
        size: file.bytes.byteLength,
        content: file.bytes,
        sha256: sha256Hex(file.bytes),
        uploadedAt: new Date(),
      },
    });
    if (count === 0) throw conflict("This attachment request was already fulfilled");
    if (isCustomerActor(actor))
      await noteCustomerActivity(tx, { instanceId: actor.instanceId, documentId: document.id });
    await recordHistory(tx, {
      documentId: document.id,
      action: "attachment_fulfil",
      actor,
      changes: [{ field: "attachment", before: pending.fileName, after: file.fileName }],
      requestId,
    });
    const updated = await tx.attachment.findUniqueOrThrow({ where: { id: pending.id }, omit: { content: true } });
    await queueAttachmentReceived(tx, document, updated, actor);
    return serializeAttachment(updated);
  });
}
