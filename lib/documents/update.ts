import type { Actor } from "../auth/actor.ts";
import type { Document, Prisma } from "../db/client.ts";
import { inTransaction, type Tx } from "../db/transaction.ts";
import { notFound } from "../http/errors.ts";
import { normalizeIdentifier } from "../identifiers/identifiers.ts";
import { serviceHoursBetween } from "../sla/calendar.ts";
import { diffFields, recordHistory, type FieldChange } from "./history.ts";
import type { UpdateDocumentInput } from "./schemas.ts";
import {
  assertProductExists,
  assertTransitionAllowed,
  assertUserInInstance,
  calendarOf,
  isFinished,
  isPause,
  modalityById,
  resolveModality,
  slaEndFor,
  statusDeadline,
  statusForWrite,
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

/** Locks the document row for the rest of the transaction, so concurrent changes apply one after another. */
export async function lockDocument(tx: Tx, instanceId: number, id: number): Promise<Document> {
  await tx.$executeRaw`SELECT 1 FROM "Document" WHERE "id" = ${id} AND "instanceId" = ${instanceId} FOR UPDATE`;
  const document = await tx.document.findFirst({ where: { id, instanceId } });
  if (!document) throw notFound("Provided id parameter not exists on database");
  return document;
}

/**
 * document/updateById: status moves follow the transition rules and keep the SLA dates right (pause time pushes
 * sla_end later); `filled_columns` is merged into the stored object in SQL. One history row lists every change.
 */
export async function updateDocument(actor: Actor, input: UpdateDocumentInput, requestId?: string): Promise<Document> {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const current = await lockDocument(tx, instanceId, input.id);
    const now = new Date();
    const data: Prisma.DocumentUncheckedUpdateInput = {};

    let modality = current.modalityId ? await modalityById(tx, current.modalityId) : null;
    if (input.modality_identifier !== undefined && input.modality_identifier !== current.modalityIdentifier) {
      modality = input.modality_identifier ? await resolveModality(tx, instanceId, input.modality_identifier) : null;
      data.modalityId = modality?.id ?? null;
      data.modalityIdentifier = modality?.identifier ?? null;
    }
    const calendar = calendarOf(modality);

    let pausedHours = current.pausedHours;
    if (input.status_id !== undefined && input.status_id !== current.statusId) {
      const from = await statusForWrite(tx, instanceId, current.statusId);
      const to = await statusForWrite(tx, instanceId, input.status_id);
      assertTransitionAllowed(from, to);
      if (current.pausedAt) pausedHours += serviceHoursBetween(current.pausedAt, now, calendar);
      data.statusId = to.id;
      data.dateTime = now;
      data.slaEndStatus = statusDeadline(now, to);
      data.pausedAt = isPause(to) ? now : null;
      data.pausedHours = pausedHours;
      data.dateFinished = isFinished(to) ? (isFinished(from) ? current.dateFinished : now) : null;
    }
    if (input.product_id !== undefined && input.product_id !== current.productId) {
      await assertProductExists(tx, instanceId, input.product_id);
      data.productId = input.product_id;
    }
    if (input.user_id !== undefined && input.user_id !== current.userId) {
      if (input.user_id !== null) await assertUserInInstance(tx, instanceId, input.user_id);
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

    const changes: FieldChange[] = diffFields(current, { ...current, ...data }, Object.keys(HISTORY_FIELDS)).map(
      (change) => ({ ...change, field: HISTORY_FIELDS[change.field as keyof typeof HISTORY_FIELDS] }),
    );
    const sentColumns = input.filled_columns ?? {};
    const storedColumns = current.filledColumns as Record<string, unknown>;
    for (const [key, value] of Object.entries(sentColumns)) {
      // Own keys only: `constructor` or `toString` are ordinary keys here, not Object.prototype's members.
      const stored = Object.hasOwn(storedColumns, key) ? storedColumns[key] : undefined;
      if (JSON.stringify(stored) !== JSON.stringify(value)) {
        changes.push({ field: `filled_columns.${key}`, before: stored ?? null, after: value });
      }
    }
    if (changes.length === 0) return current;

    if (Object.keys(sentColumns).length > 0) {
      await tx.$executeRaw`UPDATE "Document" SET "filledColumns" = "filledColumns" || ${JSON.stringify(sentColumns)}::jsonb
        WHERE "id" = ${current.id}`;
    }
    const updated = await tx.document.update({ where: { id: current.id }, data: { ...data, updatedAt: now } });
    await recordHistory(tx, { documentId: current.id, action: "update", actor, changes, requestId });
    return updated;
  });
}

/** Staff operation: remove keys from filled_columns (the public updateById only merges). */
export async function removeFilledColumns(
  actor: Actor,
  input: { id: number; keys: string[] },
  requestId?: string,
): Promise<Document> {
  return inTransaction(async (tx) => {
    const current = await lockDocument(tx, actor.instanceId, input.id);
    const stored = current.filledColumns as Record<string, unknown>;
    const present = [...new Set(input.keys)].filter((key) => Object.hasOwn(stored, key));
    if (present.length === 0) return current;
    await tx.$executeRaw`UPDATE "Document" SET "filledColumns" = "filledColumns" - ${present}::text[], "updatedAt" = now()
      WHERE "id" = ${current.id}`;
    await recordHistory(tx, {
      documentId: current.id,
      action: "update",
      actor,
      changes: present.map((key) => ({ field: `filled_columns.${key}`, before: stored[key], after: null })),
      requestId,
    });
    return tx.document.findUniqueOrThrow({ where: { id: current.id } });
  });
}
