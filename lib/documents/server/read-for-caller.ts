import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { countUnmaskedRead } from "../../auth/server/unmasked-reads.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { getDb } from "../../db/client.ts";
import type { ReadMasking } from "./read.ts";

// document/loadById, loadByCPF and the original's document/filter for a caller: the read view (built by the database,
// lib/documents/read-view-sql.ts) with the customer's personal data masked as the caller's role's masking policy says
// (the staff list's policy: by default CPF, e-mail and phone) unless the caller may read it in clear: an integration
// token an admin set so (counted per token), or the server's own processes. The policy is read by the read's own
// statement and the views are masked in lib/documents/server/read.ts.
// docs/decisions/0051-masking-on-the-document-api.md.

export type ReadViewText = string;

/** Whether this caller reads personal data in clear on the document API. */
export function readsClear(actor: Actor): boolean {
  return actor.type === "system" || (actor.type === "token" && actor.clearPersonalData === true);
}

/**
 * The read for this caller's masking; a token's clear read is counted on it once the read succeeded. An integration
 * account's sign-in token (it acts as a user) is short-lived and replaced every hour, so its count would scatter:
 * each of its clear reads is also a row of the audit trail, under the account, naming the call (`route`) and the
 * document when there is one — never the values read.
 */
export async function forCaller(
  actor: Actor,
  read: (masking: ReadMasking) => Promise<ReadViewText>,
  route: { name: string; documentId?: number },
): Promise<ReadViewText> {
  if (!readsClear(actor)) return read({ personal: "masked", role: actor.role });
  const text = await read({ personal: "clear" });
  if (actor.type === "token") countUnmaskedRead(actor.id);
  if (actor.type === "token" && actor.userId !== null) {
    await recordAudit(await getDb(), actor, {
      action: "document.read_clear",
      entity: "document",
      entityId: route.documentId ?? null,
      details: { route: route.name },
    });
  }
  return text;
}
