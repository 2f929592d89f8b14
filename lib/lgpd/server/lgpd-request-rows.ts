// What the admin's LGPD request use-cases share: a request row as the pages see it (only the masked CPF leaves the
// server), the refusal of a CPF that is not valid, and the lock of a request waiting for review.
import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { LgpdRequest } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { AppError, conflict, invalid, notFound } from "../../errors/app-error.ts";
import { RETRY_ERRORS } from "../retry-errors.ts";
import type { LGPD_CHANNELS, LGPD_REVIEWS } from "../schemas.ts";

/** An LGPD request for the admin page: only the masked CPF leaves the server. */
export function serializeLgpdRequest(row: LgpdRequest) {
  return {
    id: row.id,
    cpf_masked: row.cpfMasked,
    status: row.status,
    source: row.source,
    attempts: row.attempts,
    requested_at: row.requestedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    last_error: row.lastError,
    details: row.details ?? null,
    channel: (row.channel as LgpdChannel | null) ?? null,
    received_at: row.receivedAt?.toISOString() ?? null,
    note: row.note,
    review: (row.review as LgpdReview | null) ?? null,
    review_reason: row.reviewReason,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
export type LgpdChannel = (typeof LGPD_CHANNELS)[number];
export type LgpdReview = (typeof LGPD_REVIEWS)[number];

/** The 400 of a CPF that is not valid (code invalid_cpf), on the admin pages. */
export function invalidCpf(): AppError {
  return invalid(RETRY_ERRORS.invalidCpf, [{ path: "cpf", message: RETRY_ERRORS.invalidCpf }], {
    code: "invalid_cpf",
  });
}

/** Whether two keyed CPF hashes (hex) are the same, in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The 400 of a re-typed CPF that is not the request's (code lgpd_cpf_mismatch). */
export function cpfMismatch(): AppError {
  return invalid(RETRY_ERRORS.cpfMismatch, [{ path: "cpf", message: RETRY_ERRORS.cpfMismatch }], {
    code: "lgpd_cpf_mismatch",
  });
}

/** Refuses to put a request back in the queue while another one for the same CPF (keyed hash) is pending. */
export async function pendingExists(tx: Tx, instanceId: number, cpfHash: string) {
  const pending = await tx.lgpdRequest.findFirst({ where: { instanceId, pendingKey: cpfHash }, select: { id: true } });
  if (pending) {
    throw conflict(`${RETRY_ERRORS.pendingExists} #${pending.id}`, {
      code: "lgpd_pending_exists",
      params: { id: pending.id },
    });
  }
}

/** Locks the instance's request `id` and checks it is waiting for review. */
export async function awaitingRequest(tx: Tx, instanceId: number, id: number) {
  const locked = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM "LgpdRequest" WHERE id = ${id} AND "instanceId" = ${instanceId} FOR UPDATE`;
  if (locked.length === 0) throw notFound("LGPD request not found", { code: "lgpd_request_not_found" });
  const row = await tx.lgpdRequest.findUniqueOrThrow({ where: { id } });
  if (row.status !== "pending" || row.review !== "awaiting") {
    throw conflict("The request is not awaiting review", { code: "lgpd_not_awaiting_review" });
  }
  return row;
}
