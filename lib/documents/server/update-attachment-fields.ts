import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { CompatUpdateAttachmentBody } from "../../compat/schemas.ts";
import { getDb } from "../../db/client.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { invalid, notFound } from "../../errors/app-error.ts";
import { recordHistory } from "./history.ts";
import { serializeAttachment } from "./serialize.ts";
import { lockDocument } from "./lock-document.ts";

const missing = () => notFound("Provided id parameter not exists on database");

/** attachment/updateById: renames a file or request, changes its description or its review status. */
export async function updateAttachmentFields(ctx: UseCaseContext, input: CompatUpdateAttachmentBody) {
  const { actor, requestId } = ctx;
  const db = await getDb();
  const found = await db.attachment.findFirst({
    where: { id: input.id, document: { instanceId: actor.instanceId } },
    select: { documentId: true },
  });
  if (!found || (input.document_id !== undefined && input.document_id !== found.documentId)) throw missing();
  return inDocumentTransaction(actor.instanceId, found.documentId, async (tx) => {
    await lockDocument(tx, actor.instanceId, found.documentId);
    const before = await tx.attachment.findFirst({ where: { id: input.id }, omit: { content: true } });
    if (!before) throw missing();
    if ((input.path !== undefined || input.driver !== undefined) && before.state !== "linked") {
      throw invalid("path and driver apply to linked files only", [
        { path: input.path !== undefined ? "path" : "driver", message: "Not a linked file" },
      ]);
    }
    const fileName = input.filename ?? input.name;
    const after = await tx.attachment.update({
      where: { id: before.id },
      data: {
        ...(fileName !== undefined ? { fileName } : {}),
        ...(input.description !== undefined ? { requestNote: input.description || null } : {}),
        ...(input.status !== undefined ? { review: input.status } : {}),
        ...(input.path !== undefined ? { linkPath: input.path } : {}),
        ...(input.driver !== undefined ? { linkDriver: input.driver || null } : {}),
      },
      omit: { content: true },
    });
    const changes = [
      { field: "attachment", before: before.fileName, after: after.fileName },
      { field: "attachment.note", before: before.requestNote, after: after.requestNote },
      { field: "attachment.status", before: before.review, after: after.review },
      { field: "attachment.link", before: before.linkPath, after: after.linkPath },
    ].filter((change) => change.before !== change.after);
    if (changes.length) {
      await recordHistory(tx, {
        documentId: before.documentId,
        action: "attachment_update",
        actor,
        changes,
        requestId,
      });
    }
    return serializeAttachment(after);
  });
}
