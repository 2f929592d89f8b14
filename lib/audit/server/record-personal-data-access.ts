// The one writer of the audit rows about people: every read or change of a person's data by a user, a token or a
// system actor — a reveal, an export (masked or clear), a field edit, a status change, an assignment, a deliberate
// look-up, an access package's download — is one row naming the actor, the instance, the subject (a document id
// and/or the keyed hash of the CPF: never the CPF itself), the action and, where the screen asked for it, the reason.
//
// Call it inside the transaction of the read or change it records (`Sql` from a raw transaction, or a Prisma `Tx`),
// so both are written or neither. A write that is one SQL statement (document/updateById) folds the same insert
// into its statement as a CTE: personalDataAuditCte below, with the same columns and the same hash.
// No `import "server-only"` here, like record-audit-sql.ts: the worker and the CLI (plain Node, outside Next) reach
// this writer through the document and LGPD use-cases; nothing of it is ever bundled for the browser.
import "server-only";
import type { Actor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import { prismaRunner, type Sql } from "../../db/raw-query.ts";
import type { Placeholders } from "../../db/named-params.ts";
import type { Tx } from "../../db/transaction.ts";
import { keyedHash } from "../../auth/server/secrets.ts";
import { ZAuditDetails } from "../entries.ts";
import type { PersonalDataAction } from "../personal-data-actions.ts";

export type { PersonalDataAction } from "../personal-data-actions.ts";

export type PersonalDataAccess = {
  action: PersonalDataAction;
  /** The document read or changed (null: an export of many, or a look-up by CPF). */
  documentId?: number | null;
  /** The row's own item when it is not the document (an access request's id for its download). */
  entityId?: number | string | null;
  /** The person's CPF (formatted or digits): hashed here, never stored. */
  cpf?: string | null;
  /** Or its keyed hash already made (an LGPD request's `cpfHash`). */
  subjectHash?: string | null;
  /** The reason the actor gave, where the screen asks for one. */
  reason?: string | null;
  /** Ids, counts, field names, filters — never a personal value. */
  details?: Record<string, unknown>;
};

/**
 * The keyed hash the audit row keeps of a CPF: the LGPD requests' own (lib/lgpd/server/cpf-hash.ts, HMAC of the
 * digits — written out here because that module is server-only and this one is reached from plain Node too), so one
 * CPF search finds both.
 */
export const subjectHashOf = (cpf: string | null | undefined): string | null => {
  const digits = cpf?.replace(/\D/g, "") ?? "";
  return digits ? keyedHash(digits) : null;
};

type AuditTarget = Sql | Tx | Pick<Db, "$queryRawUnsafe">;

const COLUMNS = `"instanceId", "actorType", "actorLabel", "actorId", action, entity, "entityId", "documentId", "subjectHash", reason, details`;

/** Writes one audit row per access (one statement for all of them); answers their ids, in order. */
export async function recordPersonalDataAccess(
  target: AuditTarget,
  actor: Actor,
  accesses: PersonalDataAccess | PersonalDataAccess[],
): Promise<string[]> {
  const list = Array.isArray(accesses) ? accesses : [accesses];
  if (list.length === 0) return [];
  const sql = typeof target === "function" ? target : prismaRunner(target as Tx);
  const rows = list.map((access) => ({
    action: access.action,
    entity: entityOf(access.action),
    entity_id:
      access.entityId != null ? String(access.entityId) : access.documentId != null ? String(access.documentId) : null,
    document_id: access.documentId ?? null,
    subject_hash: access.subjectHash ?? subjectHashOf(access.cpf),
    reason: access.reason?.trim() || null,
    details: ZAuditDetails.parse(access.details ?? {}),
  }));
  const { rows: inserted } = await sql<{ id: unknown }>(
    `INSERT INTO "AuditLog" (${COLUMNS})
     SELECT $1::int, $2::text, $3::text, $4::int, r.action, r.entity, r.entity_id, r.document_id, r.subject_hash,
            r.reason, r.details
     FROM jsonb_to_recordset($5::text::jsonb)
       AS r(action text, entity text, entity_id text, document_id int, subject_hash text, reason text, details jsonb)
     RETURNING id::text`,
    [actor.instanceId, actor.type, actor.label, actor.userId ?? null, JSON.stringify(rows)],
  );
  return inserted.map((row) => String(row.id));
}

/** The entity column of an action (`document.reveal` → `document`). */
const entityOf = (action: PersonalDataAction) => action.slice(0, action.indexOf("."));

/** The parameters of personalDataAuditCte, by name and SQL type (spread into a statement's namedParams). */
export const PERSONAL_DATA_AUDIT_PARAMS = {
  auditActorType: "text",
  auditActorLabel: "text",
  auditActorId: "int",
  auditSubjectHash: "text",
  /** [{action, details}]: one row each. */
  auditRows: "jsonb",
} as const;

/**
 * SQL for a CTE that writes the audit rows of the document in CTE `source` (its `id` and `instanceId`) inside the
 * write's own statement, from PERSONAL_DATA_AUDIT_PARAMS; `createdAt` is an SQL expression.
 */
export function personalDataAuditCte(
  source: string,
  $: Placeholders<keyof typeof PERSONAL_DATA_AUDIT_PARAMS>,
  createdAt: string,
): string {
  return `INSERT INTO "AuditLog" (${COLUMNS}, "createdAt")
    SELECT ${source}."instanceId", ${$.auditActorType}, ${$.auditActorLabel}, ${$.auditActorId}, e.action,
      'document', ${source}."id"::text, ${source}."id", ${$.auditSubjectHash}, NULL, e.details, ${createdAt}
    FROM ${source}, jsonb_to_recordset(${$.auditRows}) AS e(action text, details jsonb)`;
}

/** The values of PERSONAL_DATA_AUDIT_PARAMS for `accesses` of one document whose CPF (before the change) is `cpf`. */
export function personalDataAuditValues(
  actor: Actor,
  cpf: string,
  accesses: Array<{ action: PersonalDataAction; details?: Record<string, unknown> }>,
) {
  return {
    auditActorType: actor.type,
    auditActorLabel: actor.label,
    auditActorId: actor.userId ?? null,
    auditSubjectHash: subjectHashOf(cpf),
    auditRows: JSON.stringify(
      accesses.map((access) => ({ action: access.action, details: ZAuditDetails.parse(access.details ?? {}) })),
    ),
  };
}
