import { createHash } from "node:crypto";
import { type RequestAttachmentInput } from "../schemas.ts";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { prismaRunner } from "../../db/raw-query.ts";
import { inDocumentTransaction, type Tx } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import type { UploadedFile } from "../../http/upload.ts";
import { assertDocumentInInstance } from "./access.ts";
import { recordHistory } from "./history.ts";
import { serializeAttachment } from "./serialize.ts";
import { lockDocument } from "./update.ts";
import { queueWebhooks } from "../../webhooks/server/events.ts";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const missingAttachment = () => notFound("Provided attachmentId parameter not exists on database");

/** Stores a file on the document (content, sha256, media type) with its history row, in one transaction. */
export async function uploadAttachment(actor: Actor, documentId: number, file: UploadedFile, requestId?: string) {
  return inDocumentTransaction(actor.instanceId, documentId, async (tx) => {
    const document = await lockDocument(tx, actor.instanceId, documentId);
    const attachment = await tx.attachment.create({
      data: {
        documentId: document.id,
        state: "uploaded",
        fileName: file.fileName,
        storedName: file.storedName ?? null,
        mediaType: file.mediaType,
        size: file.bytes.byteLength,
        content: file.bytes,
        sha256: sha256(file.bytes),
        authorLabel: actor.label,
        uploadedAt: new Date(),
      },
      omit: { content: true },
    });
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

/** A pending request for a file the customer must send. */
export async function requestAttachment(
  actor: Actor,
  documentId: number,
  input: RequestAttachmentInput,
  requestId?: string,
) {
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

/** Fulfils a pending request with the uploaded file; a request already fulfilled is a 409. */
export async function fulfilAttachmentRequest(
  actor: Actor,
  documentId: number,
  attachmentId: number,
  file: UploadedFile,
  requestId?: string,
) {
  return inDocumentTransaction(actor.instanceId, documentId, async (tx) => {
    const document = await lockDocument(tx, actor.instanceId, documentId);
    const pending = await tx.attachment.findFirst({
      where: { id: attachmentId, documentId: document.id },
      omit: { content: true },
    });
    if (!pending) throw missingAttachment();
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
        storedName: file.storedName ?? null,
        mediaType: file.mediaType,
        size: file.bytes.byteLength,
        content: file.bytes,
        sha256: sha256(file.bytes),
        uploadedAt: new Date(),
      },
    });
    if (count === 0) throw conflict("This attachment request was already fulfilled");
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

/** An uploaded file's bytes and metadata, within the actor's instance (a pending request has no content: 404). */
export async function readAttachmentContent(actor: Actor, documentId: number, attachmentId: number) {
  const db = await getDb();
  await assertDocumentInInstance(db, actor, documentId);
  const attachment = await db.attachment.findFirst({ where: { id: attachmentId, documentId, state: "uploaded" } });
  if (!attachment?.content) throw missingAttachment();
  return {
    // The generated name when there is one (customer uploads), else the sanitised name staff uploaded it with.
    fileName: attachment.storedName ?? attachment.fileName,
    mediaType: attachment.mediaType ?? "application/octet-stream",
    sha256: attachment.sha256,
    content: attachment.content,
  };
}

/** The attachment.received webhook, in the upload's transaction: metadata only, never the content. */
async function queueAttachmentReceived(
  tx: Tx,
  document: { id: number; instanceId: number; protocol: string },
  attachment: { id: number; fileName: string; mediaType: string | null; size: number; sha256: string | null },
  actor: Actor,
) {
  await queueWebhooks(prismaRunner(tx), {
    instanceId: document.instanceId,
    documentId: document.id,
    events: [
      {
        type: "attachment.received",
        data: {
          document_id: document.id,
          protocol: document.protocol,
          attachment: {
            id: attachment.id,
            file_name: attachment.fileName,
            media_type: attachment.mediaType,
            size: attachment.size,
            sha256: attachment.sha256,
          },
          sent_by: actor.type === "system" && actor.system === "customer" ? "customer" : "staff",
        },
      },
    ],
    now: new Date(),
  });
}
