import "server-only";
import type { CustomerContext } from "../../auth/use-case-context.ts";
import { fulfilAttachmentRequest } from "../../documents/server/fulfil-attachment-request.ts";
import { uploadAttachment } from "../../documents/server/upload-attachment.ts";
import { notFound, throttled } from "../../errors/app-error.ts";
import { TRACKING_CUSTOMER_LIMITS } from "../schemas.ts";
import { attachmentMaxBytes, readUploadedFile } from "../../http/upload.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { moveOnCustomerReply } from "./customer-activity.ts";
import { customerActor, documentForToken } from "./view.ts";
import { config } from "../../config/index.ts";

// A customer's file for a pending request. The token and the request are checked before the body is parsed (a token
// without a valid signature is refused before the body is even read: lib/tracking/server/upload-gate.ts). The file
// then passes the gate every sender's does (lib/documents/server/accept-uploaded-file.ts): only the instance's formats,
// judged by their whole content, stored under a generated name with the sniffed type's extension — the customer's
// name kept only as display text, sanitised — and only ever served to staff as a download (attachment, nosniff).

/** Customer files: at most TRACKING_UPLOAD_MAX_BYTES (default 10 MB, never above ATTACHMENT_MAX_BYTES). */
export function customerFileMaxBytes(): number {
  return Math.min(config("TRACKING_UPLOAD_MAX_BYTES"), attachmentMaxBytes());
}

/**
 * A document's own brake on what its tracking page sends (files or replies in the last hour, counted in the database
 * so every server process sees the same count): past `limit`, 429 with the minutes until the oldest leaves the hour.
 */
export function assertCustomerQuota(createdAts: Date[], limit: number, now = new Date()) {
  const hourAgo = now.getTime() - 3_600_000;
  const recent = createdAts.filter((at) => at.getTime() > hourAgo).sort((a, b) => a.getTime() - b.getTime());
  if (recent.length < limit) return;
  const retryAfter = Math.max(1, Math.ceil((recent[recent.length - limit]!.getTime() - hourAgo) / 1000));
  throw throttled("Too many messages from this page; try again later", retryAfter, { code: "tracking_quota" });
}

/**
 * Stores the file in `request`'s multipart body on the document `token` opens (read only once the token and the
 * request are known good): it fulfils the pending request `requestAttachmentId`, or — without one — is a file the
 * customer sends on their own (at most TRACKING_CUSTOMER_LIMITS.filesPerHour an hour per document). Either way it is
 * credited to the customer in the document's history and attachments, and queues the attachment.received webhook.
 */
export async function uploadCustomerFile(
  ctx: CustomerContext,
  input: { token: string; requestAttachmentId?: number; request: Request },
) {
  const { token, requestAttachmentId, request } = input;
  const document = await documentForToken(token, { write: true });
  const pending =
    requestAttachmentId === undefined
      ? null
      : document.attachments.find((a) => a.id === requestAttachmentId && a.state === "pending");
  if (requestAttachmentId !== undefined && !pending) {
    throw notFound("No pending file request with this id", { code: "tracking_request_not_found" });
  }
  if (!pending) {
    const sent = document.attachments.filter((a) => a.byCustomer && a.requestName === null);
    assertCustomerQuota(
      sent.map((a) => a.uploadedAt ?? a.createdAt),
      TRACKING_CUSTOMER_LIMITS.filesPerHour,
    );
  }
  const file = await readUploadedFile(request, customerFileMaxBytes());
  const customer = { actor: customerActor(document.instanceId), requestId: ctx.requestId };
  const saved = pending
    ? await fulfilAttachmentRequest(customer, { documentId: document.id, attachmentId: pending.id, file })
    : await uploadAttachment(customer, { documentId: document.id, file });
  await moveOnCustomerReply(ctx, { instanceId: document.instanceId, documentId: document.id });
  nudgeOutbox(); // attachment.received webhooks, the staff's e-mails
  return { id: saved.id, name: file.fileName, size: file.bytes.byteLength };
}
