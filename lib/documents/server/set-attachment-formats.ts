import "server-only";
import { hasRole } from "../../auth/actor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { inTransaction } from "../../db/transaction.ts";
import { forbidden, invalid } from "../../errors/app-error.ts";
import { ATTACHMENT_FORMATS, isAttachmentFormat, type AttachmentFormat } from "../attachment-formats.ts";

/**
 * The file formats the actor's instance takes as attachments, from every sender (at least one; each one the server
 * checks by content: attachment-formats.ts). Files already stored are not touched. Admin only; audited.
 */
export async function setAttachmentFormats(ctx: UseCaseContext, input: { formats: readonly string[] }) {
  const { actor } = ctx;
  if (!hasRole(actor, "admin")) throw forbidden();
  const unknown = input.formats.filter((format) => !isAttachmentFormat(format));
  const formats = ATTACHMENT_FORMATS.filter((format) => input.formats.includes(format));
  if (unknown.length > 0 || formats.length === 0) {
    throw invalid(`Formats are one or more of ${ATTACHMENT_FORMATS.join(", ")}`, [
      { path: "formats", message: `Unknown or missing: ${unknown.join(", ") || "none given"}`, code: "invalid_value" },
    ]);
  }
  return inTransaction(async (tx) => {
    const before = await tx.instance.findUniqueOrThrow({
      where: { id: actor.instanceId },
      select: { attachmentFormats: true },
    });
    await tx.instance.update({ where: { id: actor.instanceId }, data: { attachmentFormats: formats } });
    await recordAudit(tx, actor, {
      action: "instance.attachment_formats_update",
      entity: "instance",
      entityId: actor.instanceId,
      details: { attachment_formats: { before: before.attachmentFormats, after: formats } },
    });
    return { formats: formats as AttachmentFormat[] };
  });
}
