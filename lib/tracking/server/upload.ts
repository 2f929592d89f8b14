import "server-only";
import { systemActor } from "../../auth/actor.ts";
import { fulfilAttachmentRequest } from "../../documents/server/attachments.ts";
import { notFound, unsupportedType } from "../../errors/app-error.ts";
import { attachmentMaxBytes, type UploadedFile } from "../../http/upload.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { CUSTOMER_LABEL, documentForToken } from "./view.ts";

// A customer's file for a pending request. Only documents and photos are taken, and the bytes must be what the type
// says (magic numbers), so a script renamed .pdf is refused. Stored like any attachment (in the database, with its
// document) and only ever served to staff as a download (Content-Disposition: attachment, nosniff).

const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  "application/pdf": (b) => ascii(b, 0, "%PDF-"),
  "image/png": (b) => b[0] === 0x89 && ascii(b, 1, "PNG"),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/webp": (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP"),
  "image/heic": (b) => ascii(b, 4, "ftyp"),
};
export const CUSTOMER_FILE_TYPES = Object.keys(SIGNATURES);

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  return [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));
}

/** Customer files: at most TRACKING_UPLOAD_MAX_BYTES (default 10 MB, never above ATTACHMENT_MAX_BYTES). */
export function customerFileMaxBytes(): number {
  const value = Number(process.env.TRACKING_UPLOAD_MAX_BYTES);
  const limit = Number.isFinite(value) && value > 0 ? Math.floor(value) : 10 * 1024 * 1024;
  return Math.min(limit, attachmentMaxBytes());
}

export function assertCustomerFile(file: UploadedFile): void {
  const check = SIGNATURES[file.mediaType];
  if (!check) {
    throw unsupportedType(`Send a PDF or a photo (${CUSTOMER_FILE_TYPES.join(", ")})`, {
      code: "tracking_file_type",
    });
  }
  if (!check(file.bytes)) {
    throw unsupportedType("The file's content does not match its type", {
      code: "tracking_file_content",
    });
  }
}

/** The history and attachment rows name the customer as a system actor of the document's instance. */
const customerActor = (instanceId: number) => systemActor("customer", instanceId, CUSTOMER_LABEL);

export async function uploadCustomerFile(
  token: string,
  requestAttachmentId: number,
  file: UploadedFile,
  requestId: string,
) {
  const document = await documentForToken(token);
  const request = document.attachments.find((a) => a.id === requestAttachmentId && a.state === "pending");
  if (!request) throw notFound("No pending file request with this id", { code: "tracking_request_not_found" });
  assertCustomerFile(file);
  const stored = await fulfilAttachmentRequest(
    customerActor(document.instanceId),
    document.id,
    request.id,
    file,
    requestId,
  );
  nudgeOutbox(); // attachment.received webhooks
  return { id: stored.id, name: file.fileName, size: file.bytes.byteLength };
}
