import "server-only";
import { randomUUID } from "node:crypto";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { Document } from "../../db/client.ts";
import { z } from "zod";
import { rawTransaction, type Sql } from "../../db/raw-query.ts";
import { parseSqlJson } from "../../db/sql-json.ts";
import { normalizeIdentifier } from "../../identifiers/identifiers.ts";
import { hasWebhooksSql, queueWebhooks } from "../../webhooks/server/events.ts";
import { DEFAULT_TIME_ZONE } from "../../sla/calendar.ts";
import { documentFromRow } from "./document-row.ts";
import { serializeDocument } from "./serialize.ts";
import { HISTORY_PARAMS, historyInsertSql, historyValues } from "./history.ts";
import { namedParams } from "../../db/named-params.ts";
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
} from "./workflow.ts";

/** The product's part of CATALOG_SQL. */
const productRulesSchema = z.object({ id: z.number(), defaultSlaHours: z.number().nullable() });

// 1st statement: the status's rules, the product's default SLA and the modality (created if new), in one round trip.
const CATALOG = namedParams({
  instance: "int",
  status: "int",
  product: "int",
  modality: "text",
  timeZone: "text",
  user: "int",
});
const cat = CATALOG.$;
const CATALOG_SQL = `WITH ${modalitySql(cat.instance, cat.modality, cat.timeZone)}
  SELECT ${statusRulesSql(cat.status, cat.instance)}::text AS "status",
    (SELECT json_build_object('id', p."id", 'defaultSlaHours', p."defaultSlaHours") FROM "Product" p
      WHERE p."id" = ${cat.product} AND p."instanceId" = ${cat.instance})::text AS "product",
    (SELECT ${MODALITY_RULES_SQL} FROM m)::text AS "modality", ${hasWebhooksSql(cat.instance)} AS "webhooks",
    (${cat.user} IS NULL OR EXISTS (SELECT 1 FROM "User" u
      WHERE u."id" = ${cat.user} AND u."instanceId" = ${cat.instance} AND NOT u."disabled")) AS "userAllowed"`;

// 2nd statement: the day's protocol number, the row and its history row.
const INSERT = namedParams({
  instance: "int",
  day: "text",
  uuid: "uuid",
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
  now: "timestamptz",
  slaEnd: "timestamptz",
  slaEndStatus: "timestamptz",
  pausedAt: "timestamptz",
  filledColumns: "jsonb",
  dateFinished: "timestamptz",
  ...HISTORY_PARAMS,
});
const ins = INSERT.$;
const INSERT_SQL = `WITH p AS (${nextProtocolValueSql(ins.instance, ins.day)}),
  d AS (
    INSERT INTO "Document" ("uuid", "instanceId", "protocol", "statusId", "productId", "userId", "modalityId", "modalityIdentifier",
      "cpf", "cpfDigits", "name", "phone", "email", "source", "slaTotal", "slaStart", "slaEnd", "slaEndStatus", "pausedAt",
      "filledColumns", "dateTime", "createdAt", "updatedAt", "dateFinished")
    SELECT ${ins.uuid}, ${ins.instance}, ${ins.day} || '-' || lpad(p."value"::text, 6, '0'), ${ins.statusId}, ${ins.productId},
      ${ins.userId}, ${ins.modalityId}, ${ins.modalityIdentifier}, ${ins.cpf}, ${ins.cpfDigits}, ${ins.name}, ${ins.phone}, ${ins.email}, ${ins.source},
      ${ins.slaTotal}, ${ins.now}, ${ins.slaEnd}, ${ins.slaEndStatus}, ${ins.pausedAt}, ${ins.filledColumns}, ${ins.now}, ${ins.now},
      ${ins.now}, ${ins.dateFinished}
    FROM p
    RETURNING *),
  h AS (${historyInsertSql("d", ins, ins.now)})
  SELECT * FROM d`;

/** document/create: one transaction of two statements (catalog facts; protocol + row + history). */
export async function createDocument(ctx: UseCaseContext, input: CreateDocumentInput) {
  return rawTransaction((query) => createDocumentInTx(query, ctx, input));
}

/** The work of document/create inside a caller's transaction (the CSV import creates many documents in one). */
export async function createDocumentInTx(
  query: Sql,
  ctx: UseCaseContext,
  input: CreateDocumentInput,
): Promise<Document> {
  const { actor, requestId } = ctx;
  const instanceId = actor.instanceId;
  const now = new Date();
  const {
    rows: [facts],
  } = await query<{
    status: string | null;
    product: string | null;
    modality: string | null;
    webhooks: boolean;
    userAllowed: boolean;
  }>(
    CATALOG_SQL,
    CATALOG.values({
      instance: instanceId,
      status: input.status_id,
      product: input.product_id,
      modality: input.modality_identifier,
      timeZone: DEFAULT_TIME_ZONE,
      user: input.user_id ?? null,
    }),
  );
  if (!facts?.status) throw missing("status_id");
  if (!facts.product) throw missing("product_id");
  // Another instance's user, a disabled one or no user at all: the same answer as an unknown status or product.
  if (!facts.userAllowed) throw missing("user_id");
  const status = parseSqlJson(statusRulesSchema, facts.status);
  const product = parseSqlJson(productRulesSchema, facts.product);
  const modality = facts.modality ? parseSqlJson(modalityRulesSchema, facts.modality) : null;
  // An absent sla_total takes the product's default; an explicit null means "no SLA".
  const slaTotal = input.sla_total === undefined ? product.defaultSlaHours : input.sla_total;
  const changes = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => ({ field, before: null, after: value }));
  const {
    rows: [row],
  } = await query(
    INSERT_SQL,
    INSERT.values({
      instance: instanceId,
      day: protocolDay(now),
      uuid: randomUUID(),
      statusId: status.id,
      productId: product.id,
      userId: input.user_id ?? null,
      modalityId: modality?.id,
      modalityIdentifier: modality?.identifier,
      cpf: input.cpf,
      cpfDigits: normalizeIdentifier(input.cpf),
      name: input.name,
      phone: input.phone,
      email: input.email,
      source: input.source,
      slaTotal,
      now,
      slaEnd: slaEndFor(now, slaTotal, 0, calendarOf(modality)),
      slaEndStatus: statusDeadline(now, status),
      pausedAt: isPause(status) ? now : null,
      filledColumns: JSON.stringify(input.filled_columns ?? {}),
      dateFinished: isFinished(status) ? now : null,
      ...historyValues("create", actor, changes, requestId),
    }),
  );
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
