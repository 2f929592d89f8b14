import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { countUnmaskedRead } from "../../auth/server/unmasked-reads.ts";
import { maskPersonalValue, type PersonalField } from "../mask.ts";
import type { CompatFilterBody } from "../../compat/schemas.ts";
import { filterDocumentsCompat } from "./filter-documents-compat.ts";
import { loadDocumentById, loadDocumentsByCpf } from "./read.ts";

// document/loadById, loadByCPF and the original's document/filter for a caller: the read view (built by the database, lib/documents/read-view-sql.ts)
// with the customer's personal data masked like the document page — CPF, name, e-mail, phone — unless the caller
// may read it in clear: an integration token an admin set so (counted per token), or the server's own processes.
// Masking happens here, after the read, so the read's SQL stays one shape for everyone. docs/decisions.md
// "Masking on the document API".

/** The read view's keys that hold personal data, and the field whose mask each takes. */
const PERSONAL_KEYS: Record<string, PersonalField> = { CPF: "cpf", Cliente: "name", Email: "email", Telefone: "phone" };

type ReadViewText = string;

/** Whether this caller reads personal data in clear on the document API. */
function readsClear(actor: Actor): boolean {
  return actor.type === "system" || (actor.type === "token" && actor.clearPersonalData === true);
}

function maskView(view: { fields_to_show?: Record<string, unknown> }): void {
  const fields = view.fields_to_show;
  if (!fields) return;
  for (const [key, field] of Object.entries(PERSONAL_KEYS)) {
    if (key in fields) fields[key] = maskPersonalValue(field, fields[key]);
  }
}

async function forCaller(actor: Actor, text: ReadViewText, many: boolean): Promise<ReadViewText> {
  if (readsClear(actor)) {
    if (actor.type === "token") countUnmaskedRead(actor.id);
    return text;
  }
  const parsed = JSON.parse(text) as unknown;
  for (const view of many ? (parsed as object[]) : [parsed as object]) maskView(view);
  return JSON.stringify(parsed);
}

/** document/loadById for `actor` (JSON text). */
export async function readDocumentById(actor: Actor, id: number): Promise<ReadViewText> {
  return forCaller(actor, await loadDocumentById(actor.instanceId, id), false);
}

/** document/loadByCPF for `actor` (JSON text of an array). */
export async function readDocumentsByCpf(actor: Actor, cpfs: string[], categories: string[]): Promise<ReadViewText> {
  return forCaller(actor, await loadDocumentsByCpf(actor.instanceId, cpfs, categories), true);
}

/** The original's document/filter for `actor` (JSON text of an array of read views). */
export async function readFilteredDocuments(actor: Actor, body: CompatFilterBody): Promise<ReadViewText> {
  return forCaller(actor, await filterDocumentsCompat(actor.instanceId, body), true);
}
