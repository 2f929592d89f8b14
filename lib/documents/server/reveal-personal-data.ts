import "server-only";
import { hasRole } from "../../auth/actor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { forbidden, notFound } from "../../errors/app-error.ts";
import { recordPersonalDataAccess } from "../../audit/server/record-personal-data-access.ts";
import { recordHistory } from "./history.ts";

export type RevealedPersonalData = { cpf: string; name: string | null; email: string | null; phone: string | null };

/**
 * The canonical reveal: the customer's real cpf, name, email and phone for staff/admin, with a history row
 * (action "reveal", naming the actor, never the values) for the document's timeline and the audit row the officer
 * searches by person, both written in the same transaction as the read.
 */
export async function revealPersonalData(ctx: UseCaseContext, input: { id: number }): Promise<RevealedPersonalData> {
  const { actor, requestId } = ctx;
  const { id } = input;
  if (!hasRole(actor, "staff")) throw forbidden("Your role does not allow revealing personal data");
  return inTransaction(async (tx) => {
    const document = await tx.document.findFirst({
      where: { id, instanceId: actor.instanceId },
      select: { id: true, cpf: true, name: true, email: true, phone: true },
    });
    if (!document) throw notFound("Provided id parameter not exists on database", { code: "document_not_found" });
    await recordHistory(tx, { documentId: document.id, action: "reveal", actor, changes: [], requestId });
    await recordPersonalDataAccess(tx, actor, {
      action: "document.reveal",
      documentId: document.id,
      cpf: document.cpf,
    });
    return { cpf: document.cpf, name: document.name, email: document.email, phone: document.phone };
  });
}
