import "server-only";
import { isDeepStrictEqual } from "node:util";
import {
  PERSONAL_DATA_AUDIT_PARAMS,
  personalDataAuditCte,
  personalDataAuditValues,
  type PersonalDataAction,
} from "../../audit/server/record-personal-data-access.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { Document } from "../../db/client.ts";
import { rawDocumentTransaction, type Sql } from "../../db/raw-query.ts";
import { parseSqlJson } from "../../db/sql-json.ts";
import { notFound } from "../../errors/app-error.ts";
import { normalizeIdentifier } from "../../identifiers/identifiers.ts";
import { queueStatusMessage } from "../../outbox/server/enqueue.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { hasWebhooksSql, queueWebhooks, type WebhookEvent } from "../../webhooks/server/events.ts";
import { serializeDocument } from "./serialize.ts";
import { serviceHoursBetween } from "../../sla/calendar.ts";
import { documentFromRow } from "./document-row.ts";
import { namedParams } from "../../db/named-params.ts";
import { diffFields, HISTORY_PARAMS, historyInsertSql, historyValues, type FieldChange } from "./history.ts";
import type { UpdateDocumentInput } from "../schemas.ts";
import {
  assertTransitionAllowed,
  calendarOf,
  isFinished,
  isPause,
  missing,
  MODALITY_RULES_SQL,
  resolveModality,
  slaEndFor,
  statusDeadline,
  statusRulesSql,
  modalityRulesSchema,
  statusRulesSchema,
} from "./workflow.ts";

/** Columns whose changes the history shows, with their API names. */
const HISTORY_FIELDS = {
  statusId: "status_id",
  productId: "product_id",
  userId: "user_id",
  modalityId: "modality_id",
  modalityIdentifier: "modality_identifier",
  cpf: "cpf",
  name: "name",
  phone: "phone",
  email: "email",
  source: "source",
  slaTotal: "sla_total",
  slaEnd: "sla_end",
  slaEndStatus: "sla_end_status",
  dateTime: "date_time",
  dateFinished: "date_finished",
} as const;

// 1st statement: lock the row and read it with what the rules need — only what this request can use: the status
// rules (its status's and the target's) when it names a status, its modality's calendar when it may move the SLA
// dates (a status, sla_total or modality sent), whether a new product / user exists in the instance when one is sent.
// The benchmark's merge of filled_columns reads none of them (each costs PostgreSQL a sub-select
// and, for the rules, a JSON object per call). Each combination is a statement text of its own, with no part that
// hangs on a parameter being null: one text with optional parts made PostgreSQL plan it again on every call, since a
// custom plan folds the parts away and so always looked cheaper than the generic one (0.19 against 0.10 ms of
// PostgreSQL CPU per call on the 1,000,000-document benchmark database: docs/decisions/0028-writes-two-statements.md).
type LockNeeds = { moves: boolean; calendar: boolean; product: boolean; user: boolean };
type LockStatement = { text: string; values: (input: Record<LockParam, unknown>) => unknown[] };
type LockParam = "id" | "instance" | "toStatus" | "product" | "user";
const lockStatements = new Map<string, LockStatement>();

function lockStatement(needs: LockNeeds): LockStatement {
  const key = `${+needs.moves}${+needs.calendar}${+needs.product}${+needs.user}`;
  const known = lockStatements.get(key);
  if (known) return known;
  // Only the parameters this text uses, in this order (a placeholder of another is never written into it).
  const spec: Partial<Record<LockParam, string>> = { id: "int", instance: "int" };
  if (needs.moves) spec.toStatus = "int";
  if (needs.product) spec.product = "int";
  if (needs.user) spec.user = "int";
  const { $, values } = namedParams(spec as Required<typeof spec>);
  const moves = `${$.toStatus} <> d."statusId"`;
  const text = `SELECT d.*,
    ${needs.moves ? `CASE WHEN ${moves} THEN ${statusRulesSql(`d."statusId"`, $.instance)}::text END` : "NULL::text"} AS "_fromStatus",
    ${needs.moves ? `CASE WHEN ${moves} THEN ${statusRulesSql($.toStatus, $.instance)}::text END` : "NULL::text"} AS "_toStatus",
    ${needs.calendar ? `(SELECT ${MODALITY_RULES_SQL} FROM "Modality" m WHERE m."id" = d."modalityId")::text` : "NULL::text"}
      AS "_modality",
    ${needs.product ? `EXISTS (SELECT 1 FROM "Product" p WHERE p."id" = ${$.product} AND p."instanceId" = ${$.instance})` : "false"}
      AS "_productExists",
    ${needs.user ? `EXISTS (SELECT 1 FROM "User" u WHERE u."id" = ${$.user} AND u."instanceId" = ${$.instance})` : "false"}
      AS "_userExists",
    ${hasWebhooksSql($.instance)} AS "_webhooks"
  FROM "Document" d WHERE d."id" = ${$.id} AND d."instanceId" = ${$.instance}
  FOR UPDATE OF d`;
  const statement = { text, values };
  lockStatements.set(key, statement);
  return statement;
}

// Last statement: every column set to its new value (the row is locked, so this is the merge of current and sent),
// filled_columns merged in SQL (sent keys win), and the history row.
const UPDATE = namedParams({
  id: "int",
  statusId: "int",
  productId: "int",
  userId: "int",
  modalityId: "int",
  modalityIdentifier: "text",
  cpf: "text",
  cpfDigits: "text",
  name: "text",
  phone: "text",
  email: "text",
  source: "text",
  slaTotal: "float8",
  slaEnd: "timestamptz",
  slaEndStatus: "timestamptz",
  dateTime: "timestamptz",
  pausedAt: "timestamptz",
  pausedHours: "float8",
  dateFinished: "timestamptz",
  filledColumns: "jsonb",
  now: "timestamptz",
  ...HISTORY_PARAMS,
  ...PERSONAL_DATA_AUDIT_PARAMS,
});
const upd = UPDATE.$;
const UPDATE_SQL = `WITH u AS (
    UPDATE "Document" SET "statusId" = ${upd.statusId}, "productId" = ${upd.productId}, "userId" = ${upd.userId},
      "modalityId" = ${upd.modalityId}, "modalityIdentifier" = ${upd.modalityIdentifier}, "cpf" = ${upd.cpf},
      "cpfDigits" = ${upd.cpfDigits}, "name" = ${upd.name}, "phone" = ${upd.phone}, "email" = ${upd.email},
      "source" = ${upd.source}, "slaTotal" = ${upd.slaTotal}, "slaEnd" = ${upd.slaEnd},
      "slaEndStatus" = ${upd.slaEndStatus}, "dateTime" = ${upd.dateTime}, "pausedAt" = ${upd.pausedAt},
      "pausedHours" = ${upd.pausedHours}, "dateFinished" = ${upd.dateFinished},
      "filledColumns" = "filledColumns" || ${upd.filledColumns}, "updatedAt" = ${upd.now}
    WHERE "id" = ${upd.id}
    RETURNING *),
  h AS (${historyInsertSql("u", upd, upd.now)}),
  a AS (${personalDataAuditCte("u", upd, upd.now)})
  SELECT * FROM u`;

/** Fields that follow from another change (a status move, the SLA): not edits of their own in the audit trail. */
const DERIVED_FIELDS = new Set(["date_time", "sla_end_status", "date_finished", "sla_end"]);

/**
 * The audit rows of one update (one statement writes them with the change): a status move, an assignment and the
 * edit of the other fields, each its own row — field names and ids only, never a personal value.
 */
function auditRowsOf(current: Document, next: Document, changes: FieldChange[]) {
  const rows: Array<{ action: PersonalDataAction; details: Record<string, unknown> }> = [];
  if (next.statusId !== current.statusId) {
    rows.push({
      action: "document.status_change",
      details: { from_status_id: current.statusId, to_status_id: next.statusId },
    });
  }
  if (next.userId !== current.userId) {
    rows.push({ action: "document.assign", details: { from_user_id: current.userId, to_user_id: next.userId } });
  }
  const fields = changes
    .map((change) => change.field)
    .filter((field) => field !== "status_id" && field !== "user_id" && !DERIVED_FIELDS.has(field));
  if (fields.length) rows.push({ action: "document.update", details: { fields } });
  return rows;
}

type LockedRow = Record<string, unknown> & {
  _fromStatus: string | null;
  _toStatus: string | null;
  _modality: string | null;
  _productExists: boolean;
  _userExists: boolean;
  _webhooks: boolean;
};

/**
 * document/updateById: status moves follow the transition rules and keep the SLA dates right (pause time pushes
 * sla_end later); `filled_columns` is merged into the stored object in SQL. One history row lists every change; the
 * audit rows (status move, assignment, edit) are written by the same statement. Two statements in one transaction
 * (three when the modality changes): lock + read, update + history + audit.
 */
export async function updateDocument(ctx: UseCaseContext, input: UpdateDocumentInput): Promise<Document> {
  const { updated, queued } = await rawDocumentTransaction(ctx.actor.instanceId, input.id, (query) =>
    updateDocumentInTx(query, ctx, input),
  );
  if (queued) nudgeOutbox();
  return updated;
}

/**
 * The work of document/updateById inside a caller's transaction; `queued` says whether an e-mail or webhook waits
 * (the caller nudges the outbox after its commit). `overrideTransitions`: the move skips the transition rules — an
 * admin deleting a status moves its documents out of it, whatever the status allowed (still in the history).
 */
export async function updateDocumentInTx(
  query: Sql,
  ctx: UseCaseContext,
  input: UpdateDocumentInput,
  options: { overrideTransitions?: boolean } = {},
): Promise<{ updated: Document; queued: boolean }> {
  const { actor, requestId } = ctx;
  const instanceId = actor.instanceId;
  let queued = false;
  const lock = lockStatement({
    moves: input.status_id != null,
    calendar: input.status_id !== undefined || input.sla_total !== undefined || input.modality_identifier !== undefined,
    product: input.product_id != null,
    user: input.user_id != null,
  });
  const {
    rows: [locked],
  } = await query<LockedRow>(
    lock.text,
    lock.values({
      id: input.id,
      instance: instanceId,
      toStatus: input.status_id,
      product: input.product_id,
      user: input.user_id,
    }),
  );
  if (!locked) throw notFound("Provided id parameter not exists on database");
  const { _fromStatus, _toStatus, _modality, _productExists, _userExists, _webhooks, ...columns } = locked;
  const current = documentFromRow(columns);
  const now = new Date();
  const data: Partial<Document> = {};

  let modality = _modality ? parseSqlJson(modalityRulesSchema, _modality) : null;
  if (input.modality_identifier !== undefined && input.modality_identifier !== current.modalityIdentifier) {
    modality = input.modality_identifier ? await resolveModality(query, instanceId, input.modality_identifier) : null;
    data.modalityId = modality?.id ?? null;
    data.modalityIdentifier = modality?.identifier ?? null;
  }
  const calendar = calendarOf(modality);

  let pausedHours = current.pausedHours;
  let notify = false;
  if (input.status_id !== undefined && input.status_id !== current.statusId) {
    if (!_toStatus || !_fromStatus) throw missing("status_id");
    const from = parseSqlJson(statusRulesSchema, _fromStatus);
    const to = parseSqlJson(statusRulesSchema, _toStatus);
    if (!options.overrideTransitions) assertTransitionAllowed(from, to);
    notify = to.notify;
    if (current.pausedAt) pausedHours += serviceHoursBetween(current.pausedAt, now, calendar);
    data.statusId = to.id;
    data.dateTime = now;
    data.slaEndStatus = statusDeadline(now, to);
    data.pausedAt = isPause(to) ? now : null;
    data.pausedHours = pausedHours;
    data.dateFinished = isFinished(to) ? (isFinished(from) ? current.dateFinished : now) : null;
  }
  if (input.product_id !== undefined && input.product_id !== current.productId) {
    if (!_productExists) throw missing("product_id");
    data.productId = input.product_id;
  }
  if (input.user_id !== undefined && input.user_id !== current.userId) {
    if (input.user_id !== null && !_userExists) throw missing("user_id");
    data.userId = input.user_id;
  }
  if (input.cpf !== undefined && input.cpf !== current.cpf) {
    data.cpf = input.cpf;
    data.cpfDigits = normalizeIdentifier(input.cpf);
  }
  for (const field of ["name", "phone", "email", "source"] as const) {
    if (input[field] !== undefined) data[field] = input[field];
  }
  const slaTotal = input.sla_total === undefined ? current.slaTotal : input.sla_total;
  if (slaTotal !== current.slaTotal) data.slaTotal = slaTotal;
  if ("slaTotal" in data || "modalityId" in data || pausedHours !== current.pausedHours) {
    data.slaEnd = slaEndFor(current.slaStart, slaTotal, pausedHours, calendar);
  }

  const next: Document = { ...current, ...data };
  const changes: FieldChange[] = diffFields(current, next, Object.keys(HISTORY_FIELDS)).map((change) => ({
    ...change,
    field: HISTORY_FIELDS[change.field as keyof typeof HISTORY_FIELDS],
  }));
  const sentColumns = input.filled_columns ?? {};
  const storedColumns = current.filledColumns as Record<string, unknown>;
  for (const [key, value] of Object.entries(sentColumns)) {
    // Own keys only: `constructor` or `toString` are ordinary keys here, not Object.prototype's members.
    const stored = Object.hasOwn(storedColumns, key) ? storedColumns[key] : undefined;
    // Compared as values, not as text: jsonb keeps no key order, so a nested object read back can list its keys
    // in another order than the one sent, and the SQL merge would store nothing new.
    if (!isDeepStrictEqual(stored, value)) {
      changes.push({ field: `filled_columns.${key}`, before: stored ?? null, after: value });
    }
  }
  if (changes.length === 0) return { updated: current, queued };

  const {
    rows: [row],
  } = await query(
    UPDATE_SQL,
    UPDATE.values({
      id: current.id,
      statusId: next.statusId,
      productId: next.productId,
      userId: next.userId,
      modalityId: next.modalityId,
      modalityIdentifier: next.modalityIdentifier,
      cpf: next.cpf,
      cpfDigits: next.cpfDigits,
      name: next.name,
      phone: next.phone,
      email: next.email,
      source: next.source,
      slaTotal: next.slaTotal,
      slaEnd: next.slaEnd,
      slaEndStatus: next.slaEndStatus,
      dateTime: next.dateTime,
      pausedAt: next.pausedAt,
      pausedHours: next.pausedHours,
      dateFinished: next.dateFinished,
      filledColumns: JSON.stringify(sentColumns),
      now,
      ...historyValues("update", actor, changes, requestId),
      // The person whose data this was: the CPF before the change (a corrected CPF is found by its new owner's
      // search through the document id).
      ...personalDataAuditValues(actor, current.cpf, auditRowsOf(current, next, changes)),
    }),
  );
  if (notify) queued = (await queueStatusMessage(query, { instanceId, documentId: current.id, now })) !== null;
  const updated = documentFromRow(row!);
  if (_webhooks) {
    const full = serializeDocument(updated);
    const events: Array<{ type: WebhookEvent; data: unknown }> = [
      { type: "document.updated", data: { ...full, changes } },
    ];
    if (next.statusId !== current.statusId) {
      events.push({ type: "document.status_changed", data: { ...full, previous_status_id: current.statusId } });
    }
    if ((await queueWebhooks(query, { instanceId, documentId: current.id, events, now })) > 0) queued = true;
  }
  return { updated, queued };
}
