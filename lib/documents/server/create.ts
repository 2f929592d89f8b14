import { randomUUID } from "node:crypto";
import type { Actor } from "../../auth/actor.ts";
import type { Document } from "../../db/client.ts";
import { z } from "zod";
import { rawTransaction, type Sql } from "../../db/raw-query.ts";
import { parseSqlJson } from "../../db/sql-json.ts";
import { normalizeIdentifier } from "../../identifiers/identifiers.ts";
import { hasWebhooksSql, queueWebhooks } from "../../webhooks/server/events.ts";
import { DEFAULT_TIME_ZONE } from "../../sla/calendar.ts";
import { documentFromRow } from "./document-row.ts";
import { serializeDocument } from "./serialize.ts";
import { historyInsertSql, historyParams } from "./history.ts";
import { nextProtocolValueSql, protocolDay } from "../protocol.ts";
import type { CreateDocumentInput } from "../schemas.ts";
import {
  calendarOf,
  isFinished,
  isPause,
  missing,
  MODALITY_RULES_SQL,
  slaEndFor,
  statusDeadline,
  statusRulesSql,
  modalityRulesSchema,
  statusRulesSchema,
  modalitySql,
  resolveModality,
} from "./workflow.ts";

/** The product's part of CATALOG_SQL. */
const productRulesSchema = z.object({ id: z.number(), defaultSlaHours: z.number().nullable() });

// 1st statement: the status's rules, the product's default SLA and the modality (created if new), in one round trip.
const CATALOG_SQL = `WITH ${modalitySql("$1::int", "$4::text", "$5::text")}
  SELECT ${statusRulesSql("$2::int", "$1::int")}::text AS "status",
    (SELECT json_build_object('id', p."id", 'defaultSlaHours', p."defaultSlaHours") FROM "Product" p
      WHERE p."id" = $3::int AND p."instanceId" = $1::int)::text AS "product",
    (SELECT ${MODALITY_RULES_SQL} FROM m)::text AS "modality", ${hasWebhooksSql("$1::int")} AS "webhooks"`;

// 2nd statement: the day's protocol number, the row and its history row.
const INSERT_SQL = `WITH p AS (${nextProtocolValueSql("$1::int", "$2::text")}),
  d AS (
    INSERT INTO "Document" ("uuid", "instanceId", "protocol", "statusId", "productId", "modalityId", "modalityIdentifier",
      "cpf", "cpfDigits", "name", "phone", "email", "source", "slaTotal", "slaStart", "slaEnd", "slaEndStatus", "pausedAt",
      "filledColumns", "dateTime", "createdAt", "updatedAt", "dateFinished")
    SELECT $3::uuid, $1::int, $2::text || '-' || lpad(p."value"::text, 6, '0'), $4::int, $5::int, $6::int, $7::text,
      $8::text, $9::text, $10::text, $11::text, $12::text, $13::text, $14::float8, $15::timestamptz, $16::timestamptz,
      $17::timestamptz, $18::timestamptz, $19::jsonb, $15::timestamptz, $15::timestamptz, $15::timestamptz, $20::timestamptz
    FROM p
    RETURNING *),
  h AS (${historyInsertSql("d", 21, "$15::timestamptz")})
  SELECT * FROM d`;

/** document/create: one transaction of two statements (catalog facts; protocol + row + history). */
export async function createDocument(actor: Actor, input: CreateDocumentInput, requestId?: string) {
  return rawTransaction((query) => createDocumentInTx(query, actor, input, requestId));
}

/** The work of document/create inside a caller's transaction (the CSV import creates many documents in one). */
export async function createDocumentInTx(
  query: Sql,
  actor: Actor,
  input: CreateDocumentInput,
  requestId?: string,
): Promise<Document> {
  const instanceId = actor.instanceId;
  const now = new Date();
  const {
    rows: [facts],
  } = await query<{
    status: string | null;
    product: string | null;
    modality: string | null;
    webhooks: boolean;
  }>(CATALOG_SQL, [
    instanceId,
    input.status_id,
    input.product_id,
    input.modality_identifier ?? null,
    DEFAULT_TIME_ZONE,
  ]);
  if (!facts?.status) throw missing("status_id");
  if (!facts.product) throw missing("product_id");
  const status = parseSqlJson(statusRulesSchema, facts.status);
  const product = parseSqlJson(productRulesSchema, facts.product);
  // No modality row while one was named: another writer created it at the same moment (modalitySql); read it again.
  const modality = facts.modality
    ? parseSqlJson(modalityRulesSchema, facts.modality)
    : input.modality_identifier
      ? await resolveModality(query, instanceId, input.modality_identifier)
      : null;
  // An absent sla_total takes the product's default; an explicit null means "no SLA".
  const slaTotal = input.sla_total === undefined ? product.defaultSlaHours : input.sla_total;
  const changes = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => ({ field, before: null, after: value }));
  const {
    rows: [row],
  } = await query(INSERT_SQL, [
    instanceId,
    protocolDay(now),
    randomUUID(),
    status.id,
    product.id,
    modality?.id ?? null,
    modality?.identifier ?? null,
    input.cpf,
    normalizeIdentifier(input.cpf),
    input.name ?? null,
    input.phone ?? null,
    input.email ?? null,
    input.source ?? null,
    slaTotal,
    now,
    slaEndFor(now, slaTotal, 0, calendarOf(modality)),
    statusDeadline(now, status),
    isPause(status) ? now : null,
    JSON.stringify(input.filled_columns ?? {}),
    isFinished(status) ? now : null,
    ...historyParams("create", actor, changes, requestId),
  ]);
  const document = documentFromRow(row!);
  if (facts.webhooks) {
    await queueWebhooks(query, {
      instanceId,
      documentId: document.id,
      events: [{ type: "document.created", data: serializeDocument(document) }],
      now,
    });
  }
  return document;
}
