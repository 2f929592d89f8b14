import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { timingSafeEqual } from "node:crypto";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { Prisma } from "../../db/client.ts";
import { conflict, invalid, notFound } from "../../errors/app-error.ts";
import { isValidCpf } from "../../identifiers/identifiers.ts";
import { RETRY_ERRORS } from "../retry-errors.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { invalidCpf, serializeLgpdRequest } from "./lgpd-request-rows.ts";

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Puts an errored request back in the queue. Processed requests keep no readable CPF, so the admin re-types it:
 * it must hash to the request's cpfHash, and it is kept readable again (cpfPending) only until processed.
 */
export async function retryLgpdRequest(ctx: UseCaseContext, { id, cpf }: { id: number; cpf: string }) {
  const { actor } = ctx;
  if (!isValidCpf(cpf)) throw invalidCpf();
  const digits = cpf.replace(/\D/g, "");
  const hash = lgpdCpfHash(digits);
  try {
    return await inTransaction(async (tx) => {
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
