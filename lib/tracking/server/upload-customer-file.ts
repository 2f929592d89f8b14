import "server-only";
import { randomUUID } from "node:crypto";
import { systemActor } from "../../auth/actor.ts";
import type { CustomerContext } from "../../auth/use-case-context.ts";
import { fulfilAttachmentRequest } from "../../documents/server/fulfil-attachment-request.ts";
import { notFound, unsupportedType } from "../../errors/app-error.ts";
import { attachmentMaxBytes, readUploadedFile } from "../../http/upload.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { CUSTOMER_FILE_FORMATS, sniffCustomerFile } from "./sniff-file.ts";
import { CUSTOMER_LABEL, documentForToken } from "./view.ts";
import { config } from "../../config/index.ts";

// A customer's file for a pending request. The token and the request are checked before the body is parsed (a token
// without a valid signature is refused before the body is even read: lib/http/server/tracking-upload-gate.ts). Only documents and photos are
// taken, judged by their whole content (sniff-file.ts), never by the declared type or name. Stored under a generated
// name with the sniffed type's extension — the customer's name is kept only as display text, sanitised — and only
// ever served to staff as a download (Content-Disposition: attachment with the generated name, nosniff).

/** Customer files: at most TRACKING_UPLOAD_MAX_BYTES (default 10 MB, never above ATTACHMENT_MAX_BYTES). */
export function customerFileMaxBytes(): number {
  return Math.min(config("TRACKING_UPLOAD_MAX_BYTES"), attachmentMaxBytes());
}

/** The history and attachment rows name the customer as a system actor of the document's instance. */
const customerActor = (instanceId: number) => systemActor("customer", instanceId, CUSTOMER_LABEL);

/**
 * Fulfils the pending file request `requestAttachmentId` of the document `token` opens with the file in `request`'s
 * multipart body (read only once the token and the request are known good).
 */
export async function uploadCustomerFile(
  ctx: CustomerContext,
  input: { token: string; requestAttachmentId: number; request: Request },
) {
  const { token, requestAttachmentId, request } = input;
  const document = await documentForToken(token);
  const pending = document.attachments.find((a) => a.id === requestAttachmentId && a.state === "pending");
  if (!pending) throw notFound("No pending file request with this id", { code: "tracking_request_not_found" });
  const file = await readUploadedFile(request, customerFileMaxBytes());
  const sniffed = await sniffCustomerFile(file.bytes);
  if (!sniffed) {
    throw unsupportedType(`Send a whole PDF or photo (${CUSTOMER_FILE_FORMATS})`, { code: "tracking_file_type" });
  }
  const stored = await fulfilAttachmentRequest(
    { actor: customerActor(document.instanceId), requestId: ctx.requestId },
    {
      documentId: document.id,
      attachmentId: pending.id,
      file: { ...file, mediaType: sniffed.mediaType, storedName: `${randomUUID()}.${sniffed.extension}` },
    },
  );
  nudgeOutbox(); // attachment.received webhooks
  return { id: stored.id, name: file.fileName, size: file.bytes.byteLength };
}
