import "server-only";
import { actorRef, hasRole, type Actor } from "../auth/actor.ts";
import { getDb } from "../db/client.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { formatIdentifier } from "../identifiers/identifiers.ts";
import type { RevealedPersonalData } from "./search-schema.ts";

/** Who may see unmasked personal data in lists: staff and admins, never viewers (docs/decisions.md). */
export const REVEAL_ROLE = "staff" as const;

/**
 * Returns one document's unmasked CPF, name, e-mail and phone and records that `actor` saw them (a history row
 * with action "reveal" and no values in it). The row is written first: if it cannot be written, nothing is shown.
 */
export async function revealPersonalData(input: {
  actor: Actor;
  documentId: number;
  requestId?: string;
}): Promise<RevealedPersonalData> {
  const { actor, documentId } = input;
  if (!hasRole(actor, REVEAL_ROLE)) throw forbidden();
  const db = await getDb();
  const document = await db.document.findFirst({
    where: { id: documentId, instanceId: actor.instanceId },
    select: { id: true, cpf: true, name: true, email: true, phone: true },
  });
  // Another instance's document answers exactly like a missing one.
  if (!document) throw notFound("Provided id parameter not exists on database");
  await db.documentHistory.create({
    data: {
      documentId: document.id,
      action: "reveal",
      ...actorRef(actor),
      changes: [],
      requestId: input.requestId ?? null,
    },
  });
  return {
    id: document.id,
    cpf: document.cpf,
    cpf_formatted: formatIdentifier(document.cpf),
    name: document.name,
    email: document.email,
    phone: document.phone,
  };
}
