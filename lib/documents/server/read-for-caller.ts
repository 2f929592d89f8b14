import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { countUnmaskedRead } from "../../auth/server/unmasked-reads.ts";
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

/** The read for this caller's masking; a token's clear read is counted on it once the read succeeded. */
export async function forCaller(
  actor: Actor,
  read: (masking: ReadMasking) => Promise<ReadViewText>,
): Promise<ReadViewText> {
  if (!readsClear(actor)) return read({ personal: "masked", role: actor.role });
  const text = await read({ personal: "clear" });
  if (actor.type === "token") countUnmaskedRead(actor.id);
  return text;
}
