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
      // A denial ended in "error" for the status API, but it was the officer's answer, not a failure to run.
      if (row.review === "denied") throw conflict(RETRY_ERRORS.deniedFinal, { code: "lgpd_denied_final" });
      if (!sameHash(hash, row.cpfHash)) throw cpfMismatch();
      await pendingExists(tx, actor.instanceId, hash);
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
