// A denied deletion is the officer's answer to the data subject, final until someone reopens it on purpose: the
// request goes back to the review queue (pending, awaiting review) with the CPF typed again — a denied request keeps
// none readable — and the reason for reopening, audited beside the reason of the denial it undoes. The retry of
// failed requests refuses denials (retry-lgpd-request.ts), so this is the one way back.
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { Prisma } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import { isValidCpf } from "../../identifiers/identifiers.ts";
import { RETRY_ERRORS } from "../retry-errors.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { cpfMismatch, invalidCpf, pendingExists, sameHash, serializeLgpdRequest } from "./lgpd-request-rows.ts";

/** Puts a denied deletion back in the review queue (never straight into the erasure queue). Audited. */
export async function reopenDeletion(
  ctx: UseCaseContext,
  { id, cpf, reason }: { id: number; cpf: string; reason: string },
) {
  const { actor } = ctx;
  if (!isValidCpf(cpf)) throw invalidCpf();
  const digits = cpf.replace(/\D/g, "");
  const hash = lgpdCpfHash(digits);
  try {
    return await inTransaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM "LgpdRequest" WHERE id = ${id} AND "instanceId" = ${actor.instanceId} FOR UPDATE`;
      if (locked.length === 0) throw notFound("LGPD request not found", { code: "lgpd_request_not_found" });
      const row = await tx.lgpdRequest.findUniqueOrThrow({ where: { id } });
      if (row.status !== "error" || row.review !== "denied") {
        throw conflict("Only a denied deletion can be reopened", { code: "lgpd_not_denied" });
      }
      if (!sameHash(hash, row.cpfHash)) throw cpfMismatch();
      await pendingExists(tx, actor.instanceId, hash);
      const updated = await tx.lgpdRequest.update({
        where: { id },
        data: {
          status: "pending",
          review: "awaiting",
          reviewReason: null,
          reviewedAt: null,
          reviewedById: null,
          processedAt: null,
          lastError: null,
          details: Prisma.DbNull,
          cpfPending: digits,
          pendingKey: hash,
          leaseOwner: null,
          leaseUntil: null,
        },
      });
      await recordAudit(tx, actor, {
        action: "lgpd_request.reopen",
        entity: "lgpd_request",
        entityId: id,
        details: { cpf_masked: row.cpfMasked, reason, previous_reason: row.reviewReason },
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
