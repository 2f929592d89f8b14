import "server-only";
import { hasRole } from "../../auth/actor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { recordPersonalDataAccess } from "../../audit/server/record-personal-data-access.ts";
import { inTransaction } from "../../db/transaction.ts";
import { forbidden } from "../../errors/app-error.ts";
import { formatIdentifier } from "../../identifiers/identifiers.ts";
import type { RevealedPersonalData } from "./reveal-personal-data.ts";

/**
 * "Revelar esta página": the real personal data of the list rows on screen (at most one page), with one audit row
 * per document shown (so the officer finds it by that person's protocol or CPF), written in one statement — and no
 * history row per document, so a page reveal does not bury the documents' real changes. Ids outside the caller's
 * instance are simply not answered.
 */
export async function revealPage(
  ctx: UseCaseContext,
  input: { ids: number[] },
): Promise<{ items: Array<RevealedPersonalData & { id: number; cpf_formatted: string }> }> {
  const { actor, requestId } = ctx;
  const { ids } = input;
  if (!hasRole(actor, "staff")) throw forbidden("Your role does not allow revealing personal data");
  return inTransaction(async (tx) => {
    const documents = await tx.document.findMany({
      where: { id: { in: [...new Set(ids)] }, instanceId: actor.instanceId },
      select: { id: true, cpf: true, name: true, email: true, phone: true },
      orderBy: { id: "asc" },
    });
    await recordPersonalDataAccess(
      tx,
      actor,
      documents.map((document) => ({
        action: "document.reveal" as const,
        documentId: document.id,
        cpf: document.cpf,
        details: { page: true, request_id: requestId ?? null },
      })),
    );
    return {
      items: documents.map((document) => ({ ...document, cpf_formatted: formatIdentifier(document.cpf) })),
    };
  });
}
