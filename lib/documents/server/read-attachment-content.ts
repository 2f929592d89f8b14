import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { ATTACHMENT_FORMATS } from "../attachment-formats.ts";
import { assertDocumentInInstance } from "./access.ts";
import { attachmentNotFound } from "./attachment-common.ts";
import { sniffFile } from "./sniff-file.ts";

/**
 * An uploaded file's bytes and how to serve them, within the actor's instance (a pending request has no content: 404).
 * Every file stored since uploads are checked has a generated name and its sniffed type. Files stored before (staff
 * and integration uploads kept their sender's name and declared type) are judged now, by content: a whole file of a
 * known format is served with that type as `anexo-<id>.<ext>`; anything else as bytes, `anexo-<id>.bin` — never under
 * the name or type its sender chose.
 */
export async function readAttachmentContent(ctx: UseCaseContext, input: { documentId: number; attachmentId: number }) {
  const { actor } = ctx;
  const { documentId, attachmentId } = input;
  const db = await getDb();
  await assertDocumentInInstance(db, actor, documentId);
  const attachment = await db.attachment.findFirst({ where: { id: attachmentId, documentId, state: "uploaded" } });
  if (!attachment?.content) throw attachmentNotFound();
  let fileName = attachment.storedName;
  let mediaType = attachment.mediaType ?? "application/octet-stream";
  if (!fileName) {
    const sniffed = await sniffFile(attachment.content, ATTACHMENT_FORMATS);
    fileName = `anexo-${attachment.id}.${sniffed?.extension ?? "bin"}`;
    mediaType = sniffed?.mediaType ?? "application/octet-stream";
  }
  return { fileName, mediaType, sha256: attachment.sha256, content: attachment.content };
}
