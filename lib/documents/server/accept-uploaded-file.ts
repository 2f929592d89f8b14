import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "../../db/transaction.ts";
import { unsupportedType } from "../../errors/app-error.ts";
import type { UploadedFile } from "../../http/upload.ts";
import { ATTACHMENT_FORMATS, attachmentFormatList } from "../attachment-formats.ts";
import { sniffFile } from "./sniff-file.ts";

/** A file as it is stored: the sniffed type, and the generated name it is served under. */
export type AcceptedFile = UploadedFile & { storedName: string };

/**
 * The one gate every attachment passes, whoever sends it (staff on the document page, an integration's token, the
 * compatibility clients, the customer's tracking page): the file must be one of the instance's formats, judged by
 * its whole content (sniff-file.ts) — the declared type and name decide nothing. It is stored and served under
 * `<uuid>.<sniffed extension>` with the sniffed type; the sender's name stays display text only (already cleaned by
 * readUploadedFile's safeFileName). Runs inside the upload's transaction, after the document is known to be the
 * caller's, so a refused type says nothing about another instance's documents.
 */
export async function acceptUploadedFile(tx: Tx, instanceId: number, file: UploadedFile): Promise<AcceptedFile> {
  const instance = await tx.instance.findUnique({ where: { id: instanceId }, select: { attachmentFormats: true } });
  const allowed = instance?.attachmentFormats ?? [...ATTACHMENT_FORMATS];
  const sniffed = await sniffFile(file.bytes, allowed);
  if (!sniffed) {
    const formats = attachmentFormatList(allowed);
    throw unsupportedType(`Send a whole file of one of these formats: ${formats}`, {
      code: "attachment_file_type",
      params: { formats },
    });
  }
  return { ...file, mediaType: sniffed.mediaType, storedName: `${randomUUID()}.${sniffed.extension}` };
}
