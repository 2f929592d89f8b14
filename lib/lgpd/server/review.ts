// Reviewed deletions: an instance setting (Instance.lgpdDeletionReview) makes new deletion requests wait for the
// privacy officer (review "awaiting"; the worker does not claim them, processor.ts). The officer approves — the
// erasure then runs as any other request — or denies with a reason: the request ends "error" with that reason, which
// the status API reports (docs/decisions.md). Every change is audited.
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import { serializeLgpdRequest } from "./lgpd-request-rows.ts";
import { returnedDocumentsInInstance } from "./returning-identifiers.ts";

export async function reviewOverview(instanceId: number) {
  const db = await getDb();
  const [instance, awaiting, returned] = await Promise.all([
    db.instance.findUniqueOrThrow({ where: { id: instanceId }, select: { lgpdDeletionReview: true } }),
    db.lgpdRequest.findMany({
      where: { instanceId, status: "pending", review: "awaiting" },
      orderBy: [{ requestedAt: "asc" }, { id: "asc" }],
      take: 200,
    }),
    returnedDocumentsInInstance(instanceId),
  ]);
  return {
    enabled: instance.lgpdDeletionReview,
    awaiting: awaiting.map(serializeLgpdRequest),
    returned_documents: returned,
  };
}

/** Turns reviews on or off for new requests (those already waiting keep waiting for a decision). Audited. */
export async function setDeletionReview(actor: Actor, enabled: boolean) {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const before = await tx.instance.findUniqueOrThrow({
      where: { id: actor.instanceId },
      select: { lgpdDeletionReview: true },
    });
    if (before.lgpdDeletionReview === enabled) return;
    await tx.instance.update({ where: { id: actor.instanceId }, data: { lgpdDeletionReview: enabled } });
    await recordAudit(tx, actor, {
      action: "instance.lgpd_review",
      entity: "instance",
      entityId: actor.instanceId,
      details: { changes: { lgpd_deletion_review: { before: before.lgpdDeletionReview, after: enabled } } },
    });
  });
  return reviewOverview(actor.instanceId);
}

/** Locks the instance's request `id` and checks it is waiting for review. */
async function awaitingRequest(tx: Tx, instanceId: number, id: number) {
  const locked = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM "LgpdRequest" WHERE id = ${id} AND "instanceId" = ${instanceId} FOR UPDATE`;
  if (locked.length === 0) throw notFound("LGPD request not found", { code: "lgpd_request_not_found" });
  const row = await tx.lgpdRequest.findUniqueOrThrow({ where: { id } });
  if (row.status !== "pending" || row.review !== "awaiting") {
    throw conflict("The request is not awaiting review", { code: "lgpd_not_awaiting_review" });
  }
  return row;
}

/** Approves a waiting deletion: the worker erases at its next poll (or after the configured delay). Audited. */
export async function approveDeletion(actor: Actor, id: number) {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await awaitingRequest(tx, actor.instanceId, id);
    const updated = await tx.lgpdRequest.update({
      where: { id },
      data: { review: "approved", reviewedAt: new Date(), reviewedById: actor.userId },
    });
    await recordAudit(tx, actor, {
      action: "lgpd_request.approve",
      entity: "lgpd_request",
      entityId: id,
      details: { cpf_masked: updated.cpfMasked },
    });
    return serializeLgpdRequest(updated);
  });
}

/**
 * Denies a waiting deletion with a reason (e.g. the requester's identity could not be confirmed): the request ends
 * "error" and the status API reports the reason. The CPF is dropped from the row as for any processed request.
 */
export async function denyDeletion(actor: Actor, id: number, reason: string) {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await awaitingRequest(tx, actor.instanceId, id);
    const deniedAt = new Date();
    const updated = await tx.lgpdRequest.update({
      where: { id },
      data: {
        status: "error",
        review: "denied",
        reviewReason: reason,
        reviewedAt: deniedAt,
        reviewedById: actor.userId,
        processedAt: deniedAt,
        lastError: reason,
        cpfPending: null,
        pendingKey: null,
        details: {
          requested_at: row.requestedAt.toISOString(),
          ...(row.receivedAt ? { received_at: row.receivedAt.toISOString() } : {}),
          review: "denied",
          denied_at: deniedAt.toISOString(),
          reason,
        },
      },
    });
    await recordAudit(tx, actor, {
      action: "lgpd_request.deny",
      entity: "lgpd_request",
      entityId: id,
      details: { cpf_masked: updated.cpfMasked, reason },
    });
    return serializeLgpdRequest(updated);
  });
}
