import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { countUnmaskedRead } from "../../auth/server/unmasked-reads.ts";
import type { CompatFilterBody } from "../../compat/schemas.ts";
import { filterDocumentsCompat } from "./filter-documents-compat.ts";
import { loadDocumentById, loadDocumentsByCpf, type ReadMasking } from "./read.ts";

// document/loadById, loadByCPF and the original's document/filter for a caller: the read view (built by the database,
// lib/documents/read-view-sql.ts) with the customer's personal data masked as the caller's role's masking policy says
// (the staff list's policy: by default CPF, e-mail and phone) unless the caller may read it in clear: an integration
// token an admin set so (counted per token), or the server's own processes. The policy is read by the read's own
// statement and the views are masked in lib/documents/server/read.ts. docs/decisions.md "Masking on the document API".

type ReadViewText = string;

/** Whether this caller reads personal data in clear on the document API. */
function readsClear(actor: Actor): boolean {
  return actor.type === "system" || (actor.type === "token" && actor.clearPersonalData === true);
}

/** The read for this caller's masking; a token's clear read is counted on it once the read succeeded. */
async function forCaller(actor: Actor, read: (masking: ReadMasking) => Promise<ReadViewText>): Promise<ReadViewText> {
  if (!readsClear(actor)) return read({ personal: "masked", role: actor.role });
  const text = await read({ personal: "clear" });
  if (actor.type === "token") countUnmaskedRead(actor.id);
  return text;
}

/** document/loadById for `actor` (JSON text). */
export async function readDocumentById(actor: Actor, id: number): Promise<ReadViewText> {
  return forCaller(actor, (masking) => loadDocumentById(actor.instanceId, id, masking));
}

/** document/loadByCPF for `actor` (JSON text of an array). */
export async function readDocumentsByCpf(actor: Actor, cpfs: string[], categories: string[]): Promise<ReadViewText> {
  return forCaller(actor, (masking) => loadDocumentsByCpf(actor.instanceId, cpfs, categories, masking));
}

/** The original's document/filter for `actor` (JSON text of an array of read views). */
export async function readFilteredDocuments(actor: Actor, body: CompatFilterBody): Promise<ReadViewText> {
  return forCaller(actor, (masking) => filterDocumentsCompat(actor.instanceId, body, masking));
}
