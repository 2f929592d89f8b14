// An audit row as a sentence people read ("Helena negou a exclusão nº 4"), the event types the page offers in its
// list, and the record a row opens. The texts are messages/<locale>/audit.json's `events` (one label and one sentence
// per action); an action without one reads "<actor>: <code>", so a new action shows before its sentence is written.
// Shared by the page (browser) and the CSV export (server).
import ptAudit from "@/messages/pt-BR/audit.json";

/** The translator of the "audit" namespace, by plain keys (the event keys are built from the row's action). */
export type AuditTranslate = ((key: string, values?: Record<string, string | number>) => string) & {
  has: (key: string) => boolean;
};

export type AuditSentenceRow = {
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string | null;
  document_id: number | null;
  protocol: string | null;
  details: unknown;
};

/** Every action with a sentence, for the event-type list (the same in every locale). */
export const AUDIT_EVENT_ACTIONS: string[] = Object.entries(ptAudit.events).flatMap(([entity, verbs]) =>
  Object.keys(verbs).map((verb) => `${entity}.${verb}`),
);

const eventKey = (action: string) => `events.${action}`;

/** The event type's label in the list ("Exclusão negada"); the code for an action without one. */
export function auditEventLabel(t: AuditTranslate, action: string): string {
  return t.has(`${eventKey(action)}.label`) ? t(`${eventKey(action)}.label`) : action;
}

/** What the row's item is called in its sentence: a document by its protocol, anything else by its number. */
function targetOf(row: AuditSentenceRow): string {
  if (row.entity === "document" && row.protocol) return row.protocol;
  if (row.entity === "document" && row.document_id !== null) return `nº ${row.document_id}`;
  return row.entity_id ?? "";
}

function fieldNames(t: AuditTranslate, fields: unknown): string {
  if (!Array.isArray(fields)) return "";
  const names = [
    ...new Set(
      fields.map((field) => {
        const text = String(field);
        if (text.startsWith("filled_columns.")) return t("fieldNames.filled_column", { key: text.slice(15) });
        return t.has(`fieldNames.${text}`) ? t(`fieldNames.${text}`) : text;
      }),
    ),
  ];
  return new Intl.ListFormat("pt-BR", { type: "conjunction" }).format(names);
}

/** The row as a sentence. */
export function auditSentence(t: AuditTranslate, row: AuditSentenceRow): string {
  const key = `${eventKey(row.action)}.sentence`;
  if (!t.has(key)) return t("unknownEvent", { actor: row.actor_name, action: row.action });
  const details = (row.details && typeof row.details === "object" ? row.details : {}) as Record<string, unknown>;
  return t(key, {
    actor: row.actor_name,
    target: targetOf(row),
    fields: fieldNames(t, details.fields),
    rows: typeof details.rows === "number" ? details.rows : 0,
    clear: details.clear === true ? "true" : "false",
    assignee: typeof details.assignee_name === "string" ? details.assignee_name : "",
  });
}

/** The page a row opens: its document, its deletion's receipt; null when the row is about no record of its own. */
export function auditRecordHref(row: Pick<AuditSentenceRow, "entity" | "entity_id" | "document_id">): string | null {
  if (row.document_id !== null) return `/documents/${row.document_id}`;
  if (row.entity === "document" && row.entity_id && /^\d+$/.test(row.entity_id)) return `/documents/${row.entity_id}`;
  if (row.entity === "lgpd_request" && row.entity_id) return `/lgpd/${row.entity_id}/receipt`;
  return null;
}
