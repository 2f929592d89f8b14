import "server-only";
import { timingSafeEqual } from "node:crypto";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { Actor } from "../../auth/actor.ts";
import { getDb, Prisma, type LgpdRequest } from "../../db/client.ts";
import { AppError, conflict, invalid, notFound } from "../../errors/app-error.ts";
import { isValidCpf } from "../../identifiers/identifiers.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { localDayRange } from "../../time/local-day.ts";
import { deletedCounts } from "../details.ts";
import { RETRY_ERRORS } from "../retry-errors.ts";
import { ZLgpdReceipt, type LGPD_CHANNELS, type LGPD_REVIEWS, type TSearchLgpdRequestsBody } from "../schemas.ts";

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
export type SerializedLgpdRequest = ReturnType<typeof serializeLgpdRequest>;

function invalidCpf(): AppError {
  return invalid(RETRY_ERRORS.invalidCpf, [{ path: "cpf", message: RETRY_ERRORS.invalidCpf }], {
    code: "invalid_cpf",
  });
}

/** The instance's deletion requests, newest first, filtered by status, requested days and (hashed) CPF. */
export async function searchLgpdRequests(instanceId: number, query: TSearchLgpdRequestsBody) {
  const cpf = query.cpf?.trim();
  if (cpf && !isValidCpf(cpf)) throw invalidCpf();
  if (query.from && query.to && query.from > query.to) {
    throw invalid("Invalid parameters", [{ path: "to", message: "Must not be before from", code: "before_start" }]);
  }
  const range = localDayRange(query.from, query.to);
  const where: Prisma.LgpdRequestWhereInput = {
    instanceId,
    ...(query.status ? { status: query.status } : {}),
    ...(Object.keys(range).length ? { requestedAt: range } : {}),
    ...(cpf ? { cpfHash: lgpdCpfHash(cpf) } : {}),
  };
  const db = await getDb();
  const [total, rows] = await Promise.all([
    db.lgpdRequest.count({ where }),
    db.lgpdRequest.findMany({
      where,
      orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
  ]);
  return { items: rows.map(serializeLgpdRequest), total, page: query.page, page_size: query.page_size };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Puts an errored request back in the queue. Processed requests keep no readable CPF, so the admin re-types it:
 * it must hash to the request's cpfHash, and it is kept readable again (cpfPending) only until processed.
 */
export async function retryLgpdRequest(actor: Actor, id: number, cpf: string) {
  if (!isValidCpf(cpf)) throw invalidCpf();
  const digits = cpf.replace(/\D/g, "");
  const hash = lgpdCpfHash(digits);
  const db = await getDb();
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.lgpdRequest.findFirst({ where: { id, instanceId: actor.instanceId } });
      if (!row) throw notFound("Request not found");
      if (row.status !== "error") throw conflict(RETRY_ERRORS.notRetryable, { code: "lgpd_not_retryable" });
      if (!sameHash(hash, row.cpfHash)) {
        throw invalid(RETRY_ERRORS.cpfMismatch, [{ path: "cpf", message: RETRY_ERRORS.cpfMismatch }], {
          code: "lgpd_cpf_mismatch",
        });
      }
      const pending = await tx.lgpdRequest.findFirst({
        where: { instanceId: actor.instanceId, pendingKey: hash },
        select: { id: true },
      });
      if (pending) {
        throw conflict(`${RETRY_ERRORS.pendingExists} #${pending.id}`, {
          code: "lgpd_pending_exists",
          params: { id: pending.id },
        });
      }
      const updated = await tx.lgpdRequest.update({
        where: { id },
        data: {
          status: "pending",
          attempts: 0,
          notBefore: new Date(),
          cpfPending: digits,
          pendingKey: hash,
          leaseOwner: null,
          leaseUntil: null,
          processedAt: null,
          // The old reason stays in lastError for admins; the status API should not show it for a pending request.
          details: Prisma.DbNull,
        },
      });
      await recordAudit(tx, actor, {
        action: "lgpd_request.retry",
        entity: "lgpd_request",
        entityId: id,
        details: { previous_status: row.status, previous_attempts: row.attempts },
      });
      return serializeLgpdRequest(updated);
    });
  } catch (error) {
    // Another pending request for this CPF appeared between the check and the update (unique pendingKey).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict(RETRY_ERRORS.pendingExists.replace(/:$/, ""), { code: "lgpd_pending_exists" });
    }
    throw error;
  }
}

/** The receipt of one request, built only from its row, so it outlives the erasure of the data it describes. */
export async function lgpdReceipt(instanceId: number, id: number) {
  const db = await getDb();
  const row = await db.lgpdRequest.findFirst({
    where: { id, instanceId },
    include: { instance: { select: { slug: true, name: true } } },
  });
  if (!row) return null;
  return {
    receipt: "lgpd-deletion" as const,
    request_id: row.id,
    instance: row.instance.slug,
    instance_name: row.instance.name,
    cpf_masked: row.cpfMasked,
    status: row.status,
    source: row.source,
    requested_at: row.requestedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    attempts: row.attempts,
    deleted: deletedCounts(row.details),
    details: row.details ?? null,
    last_error: row.lastError,
    kept: keptOf(row.details),
    review: (row.review as LgpdReview | null) ?? null,
    review_reason: row.reviewReason,
    generated_at: new Date().toISOString(),
  };
}

/** details.kept as the receipt states it (null when no hold kept anything, or in a shape it cannot read). */
function keptOf(details: unknown) {
  const kept = (details as { kept?: unknown } | null)?.kept;
  const parsed = ZLgpdReceipt.shape.kept.safeParse(kept ?? null);
  return parsed.success ? parsed.data : null;
}
