import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { assertDocumentInInstance } from "./access.ts";
import { attachmentNotFound } from "./attachment-common.ts";

/** An uploaded file's bytes and metadata, within the actor's instance (a pending request has no content: 404). */
export async function readAttachmentContent(ctx: UseCaseContext, input: { documentId: number; attachmentId: number }) {
  const { actor } = ctx;
  const { documentId, attachmentId } = input;
  const db = await getDb();
  await assertDocumentInInstance(db, actor, documentId);
  const attachment = await db.attachment.findFirst({ where: { id: attachmentId, documentId, state: "uploaded" } });
  if (!attachment?.content) throw attachmentNotFound();
  return {
    // The generated name when there is one (customer uploads), else the sanitised name staff uploaded it with.
    fileName: attachment.storedName ?? attachment.fileName,
    mediaType: attachment.mediaType ?? "application/octet-stream",
    sha256: attachment.sha256,
    content: attachment.content,
  };
}
