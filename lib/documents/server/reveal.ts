import type { Actor } from "../../auth/actor.ts";
import { inTransaction } from "../../db/transaction.ts";
import { forbidden, notFound } from "../../errors/app-error.ts";
import { hasRole } from "../../auth/actor.ts";
import { formatIdentifier } from "../../identifiers/identifiers.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { recordHistory } from "./history.ts";

export type RevealedPersonalData = { cpf: string; name: string | null; email: string | null; phone: string | null };

/**
 * The canonical reveal: the customer's real cpf, name, email and phone for staff/admin, with a history row
 * (action "reveal", naming the actor, never the values) written in the same transaction as the read.
 */
export async function revealPersonalData(actor: Actor, id: number, requestId?: string): Promise<RevealedPersonalData> {
  if (!hasRole(actor, "staff")) throw forbidden("Your role does not allow revealing personal data");
  return inTransaction(async (tx) => {
    const document = await tx.document.findFirst({
      where: { id, instanceId: actor.instanceId },
      select: { id: true, cpf: true, name: true, email: true, phone: true },
    });
    if (!document) throw notFound("Provided id parameter not exists on database", { code: "document_not_found" });
    await recordHistory(tx, { documentId: document.id, action: "reveal", actor, changes: [], requestId });
    return { cpf: document.cpf, name: document.name, email: document.email, phone: document.phone };
  });
}

/**
 * "Revelar esta página": the real personal data of the list rows on screen (at most one page), with ONE audit
 * entry naming the actor and the document ids (never the values) — not one history row per document, so a page
 * reveal does not bury the documents' real changes. Ids outside the caller's instance are simply not answered.
 */
export async function revealPage(
  actor: Actor,
  ids: number[],
  requestId?: string,
): Promise<{ items: Array<RevealedPersonalData & { id: number; cpf_formatted: string }> }> {
  if (!hasRole(actor, "staff")) throw forbidden("Your role does not allow revealing personal data");
  return inTransaction(async (tx) => {
    const documents = await tx.document.findMany({
      where: { id: { in: [...new Set(ids)] }, instanceId: actor.instanceId },
      select: { id: true, cpf: true, name: true, email: true, phone: true },
      orderBy: { id: "asc" },
    });
    await recordAudit(tx, actor, {
      action: "documents.reveal_page",
      entity: "document",
      entityId: null,
      details: { document_ids: documents.map((document) => document.id), request_id: requestId ?? null },
    });
    return {
      items: documents.map((document) => ({ ...document, cpf_formatted: formatIdentifier(document.cpf) })),
    };
  });
}
