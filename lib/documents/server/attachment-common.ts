import "server-only";
import { createHash } from "node:crypto";
import type { Actor } from "../../auth/actor.ts";
import { prismaRunner } from "../../db/raw-query.ts";
import type { Tx } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { queueWebhooks } from "../../webhooks/server/events.ts";

/** An attachment's content hash, as stored and as the webhook tells it. */
export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export const attachmentNotFound = () => notFound("Provided attachmentId parameter not exists on database");

/** The attachment.received webhook, in the upload's transaction: metadata only, never the content. */
export async function queueAttachmentReceived(
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
