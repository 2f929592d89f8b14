import type { Actor } from "../auth/actor.ts";
import { inTransaction, type Tx } from "../db/transaction.ts";
import { badRequest } from "../http/errors.ts";
import { normalizeIdentifier } from "../identifiers/identifiers.ts";
import { recordHistory } from "./history.ts";
import { nextProtocol } from "./protocol.ts";
import type { CreateDocumentInput } from "./schemas.ts";
import {
  calendarOf,
  isFinished,
  isPause,
  resolveModality,
  slaEndFor,
  statusDeadline,
  statusForWrite,
} from "./workflow.ts";

/** document/create: one transaction for the protocol, the modality (created if new), the row and its history. */
export async function createDocument(actor: Actor, input: CreateDocumentInput, requestId?: string) {
  return inTransaction((tx) => createDocumentInTx(tx, actor, input, requestId));
}

/** The work of document/create inside a caller's transaction (the CSV import creates many documents in one). */
export async function createDocumentInTx(tx: Tx, actor: Actor, input: CreateDocumentInput, requestId?: string) {
  const instanceId = actor.instanceId;
  const now = new Date();
  const status = await statusForWrite(tx, instanceId, input.status_id);
  const product = await tx.product.findFirst({
    where: { id: input.product_id, instanceId },
    select: { id: true, defaultSlaHours: true },
  });
  if (!product) {
    throw badRequest("Provided product_id parameter not exists on database", undefined, {
      code: "unknown_reference",
      params: { field: "product_id" },
    });
  }
  const modality = input.modality_identifier ? await resolveModality(tx, instanceId, input.modality_identifier) : null;
  // An absent sla_total takes the product's default; an explicit null means "no SLA".
  const slaTotal = input.sla_total === undefined ? product.defaultSlaHours : input.sla_total;
  const document = await tx.document.create({
    data: {
      instanceId,
      protocol: await nextProtocol(tx, instanceId, now),
      statusId: status.id,
      productId: product.id,
      modalityId: modality?.id ?? null,
      modalityIdentifier: modality?.identifier ?? null,
      cpf: input.cpf,
      cpfDigits: normalizeIdentifier(input.cpf),
      name: input.name ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      source: input.source ?? null,
      slaTotal,
      slaStart: now,
      slaEnd: slaEndFor(now, slaTotal, 0, calendarOf(modality)),
      slaEndStatus: statusDeadline(now, status),
      pausedAt: isPause(status) ? now : null,
      filledColumns: (input.filled_columns ?? {}) as never,
      dateTime: now,
      createdAt: now,
      dateFinished: isFinished(status) ? now : null,
    },
  });
  const changes = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => ({ field, before: null, after: value }));
  await recordHistory(tx, { documentId: document.id, action: "create", actor, changes, requestId });
  return document;
}
