// What the audit trail's search and export share: the filters as a where clause (inside the actor's instance, a
// protocol or CPF resolved to the rows about that record or person), a row as the page shows it (the actor's name,
// the document's protocol, personal values masked unless revealed), the filters as the audit line of a reveal or
// export (a CPF typed there kept as its hash only).
import "server-only";
import { getDb, type Prisma } from "../../db/client.ts";
import { invalid } from "../../errors/app-error.ts";
import { normalizeIdentifier } from "../../identifiers/identifiers.ts";
import { localDayRange } from "../../time/local-day.ts";
import { auditActorDisplay, maskAuditDetails } from "../audit-view.ts";
import type { TAuditFilters } from "../schemas.ts";
import { subjectHashOf } from "./record-personal-data-access.ts";

/** The documents a CPF holds now, at most this many (a person, not a portfolio). */
const SUBJECT_DOCUMENTS_LIMIT = 1000;

/** The rows about a protocol's document, or about a CPF: its hash, or one of the documents it holds now. */
async function subjectWhere(instanceId: number, subject: string): Promise<Prisma.AuditLogWhereInput> {
  const db = await getDb();
  const byProtocol = await db.document.findFirst({
    where: { instanceId, protocol: subject },
    select: { id: true },
  });
  if (byProtocol) return { documentId: byProtocol.id };
  const identifier = normalizeIdentifier(subject);
  if (!identifier) return { id: -1 };
  const documents = await db.document.findMany({
    where: { instanceId, cpfDigits: identifier },
    select: { id: true },
    take: SUBJECT_DOCUMENTS_LIMIT,
  });
  const hash = subjectHashOf(identifier);
  return {
    OR: [
      ...(hash ? [{ subjectHash: hash }] : []),
      ...(documents.length ? [{ documentId: { in: documents.map((document) => document.id) } }] : []),
    ],
  };
}

export async function auditWhere(instanceId: number, filters: TAuditFilters): Promise<Prisma.AuditLogWhereInput> {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw invalid("Invalid parameters", [{ path: "to", message: "Must not be before from", code: "before_start" }]);
  }
  const range = localDayRange(filters.from, filters.to);
  const action = filters.action || null;
  return {
    instanceId,
    ...(filters.actor ? { actorLabel: filters.actor } : {}),
    ...(filters.entity ? { entity: filters.entity } : {}),
    ...(filters.entity_id ? { entityId: filters.entity_id } : {}),
    ...(action ? (action.endsWith(".") ? { action: { startsWith: action } } : { action }) : {}),
    ...(Object.keys(range).length ? { createdAt: range } : {}),
    ...(filters.subject ? { AND: [await subjectWhere(instanceId, filters.subject)] } : {}),
  };
}

type AuditRow = Awaited<ReturnType<Awaited<ReturnType<typeof getDb>>["auditLog"]["findMany"]>>[number];

/** What a page of rows needs besides the rows: the users' names and the documents' protocols, in two reads. */
export async function rowContext(instanceId: number, rows: AuditRow[]) {
  const db = await getDb();
  const userIds = [...new Set(rows.flatMap((row) => (row.actorId === null ? [] : [row.actorId])))];
  const documentIds = [
    ...new Set(
      rows.flatMap((row) => {
        if (row.documentId !== null) return [row.documentId];
        return row.entity === "document" && row.entityId && /^\d{1,9}$/.test(row.entityId)
          ? [Number(row.entityId)]
          : [];
      }),
    ),
  ];
  const [users, documents] = await Promise.all([
    userIds.length
      ? db.user.findMany({ where: { instanceId, id: { in: userIds } }, select: { id: true, name: true } })
      : [],
    documentIds.length
      ? db.document.findMany({ where: { instanceId, id: { in: documentIds } }, select: { id: true, protocol: true } })
      : [],
  ]);
  return {
    userNames: new Map(users.map((user) => [user.id, user.name])),
    protocols: new Map(documents.map((document) => [document.id, document.protocol])),
  };
}

export type AuditRowContext = Awaited<ReturnType<typeof rowContext>>;

export function serializeAuditRow(row: AuditRow, reveal: boolean, context: AuditRowContext) {
  const shown = reveal
    ? { details: row.details ?? {}, masked: false }
    : maskAuditDetails(row.details ?? {}, row.entity);
  const actor = auditActorDisplay(row.actorType, row.actorLabel);
  const documentId =
    row.documentId ??
    (row.entity === "document" && row.entityId && /^\d{1,9}$/.test(row.entityId) ? Number(row.entityId) : null);
  return {
    id: String(row.id),
    created_at: row.createdAt.toISOString(),
    actor_type: row.actorType,
    actor_label: row.actorLabel,
    actor,
    actor_name: (row.actorType === "user" && row.actorId !== null && context.userNames.get(row.actorId)) || actor,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    document_id: documentId,
    protocol: documentId === null ? null : (context.protocols.get(documentId) ?? null),
    reason: row.reason,
    details: shown.details,
    masked: shown.masked,
  };
}

/** The filters as an audit row keeps them: a subject that is not a protocol (a CPF) only as its hash. */
export function auditFiltersOf({ actor, entity, entity_id, action, from, to, subject }: TAuditFilters) {
  const kept = Object.fromEntries(
    Object.entries({ actor, entity, entity_id, action, from, to }).filter(([, value]) => value),
  );
  if (subject) kept.subject = /^[\d.\-\s/]+$/.test(subject) ? `hash:${subjectHashOf(subject)}` : subject;
  return kept;
}
