import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { inDocumentTransaction, inTransaction } from "../../db/transaction.ts";
import { invalid, notFound } from "../../errors/app-error.ts";
import type { CompatPendency, CompatUpdateAttachmentBody, CompatUploadLinkBody } from "../../compat/schemas.ts";
import { assertDocumentInInstance } from "./access.ts";
import { recordHistory } from "./history.ts";
import { serializeAttachment } from "./serialize.ts";
import { lockDocument } from "./update.ts";

// The original service's attachment calls (docs/migrating.md) over our attachment rows: a pendency is our pending
// request, its status our `review`, a linked file a row in state `linked` that keeps only where the file lives.

const missing = () => notFound("Provided id parameter not exists on database");

/** attachment/createPendency: every request or none (one transaction; documents locked in id order). */
export async function createPendencies(actor: Actor, pendencies: CompatPendency[], requestId?: string) {
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

/** attachment/loadPendency: the document's pending file requests, oldest first. */
export async function loadPendencies(actor: Actor, documentId: number) {
  const db = await getDb();
  await assertDocumentInInstance(db, actor, documentId);
  const rows = await db.attachment.findMany({
    where: { documentId, state: "pending" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    omit: { content: true },
  });
  return rows.map(serializeAttachment);
}

/** attachment/updateById: renames a file or request, changes its description or its review status. */
export async function updateAttachmentFields(actor: Actor, input: CompatUpdateAttachmentBody, requestId?: string) {
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

/**
 * attachment/upload/link: records a file that lives elsewhere. Metadata only — the server never fetches `path`
 * (no server-side request to an address a client chose, no personal data pulled in).
 */
export async function linkAttachment(actor: Actor, input: CompatUploadLinkBody, requestId?: string) {
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
