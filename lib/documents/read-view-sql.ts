// The read view of loadById / loadByCPF (SPEC.md) built by PostgreSQL itself as JSON text: the document, its status
// with category, product, step, observations and attachments in ONE statement, so a read is one round trip and the
// answer goes to the client without being parsed and re-serialised in JavaScript. The JSON keys and values are those
// of serializeReadView (tests/read-view-sql.db.test.ts compares the two).
//
// Masked callers (lib/documents/server/api-read.ts) get the same statement with one more column: the fields their
// role's masking policy masks (the staff list's policy, read in the same statement; DEFAULT_MASKED_FIELDS without a
// stored row), and lib/documents/server/read.ts masks those in the views (`personal` "policy").
import { DEFAULT_MASKED_FIELDS } from "./masking-policy-schema.ts";

/** The views alone ("clear"), or with the fields the caller's role's policy masks in a column "masked" ("policy"). */
export type PersonalData = "clear" | "policy";

/** A timestamptz as JavaScript's Date#toISOString() writes it (UTC, milliseconds, "Z"); NULL stays NULL. */
export const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The original service's names beside ours (serializeObservation / serializeAttachment; docs/migrating.md).
const ORIGINAL_OBSERVATION_FIELDS = `'message', o."text",
      'observation_from', coalesce(o."origin"::text, CASE WHEN o."visibility" = 'internal' THEN 'internal' ELSE 'client' END),
      'send_communication', o."sendCommunication", 'attachment_name', o."attachmentName",
      'createdAt', ${isoSql(`o."createdAt"`)}, 'user', json_build_object('name', o."authorLabel")`;
const DOWNLOAD_URL = `CASE WHEN a."state" = 'uploaded' THEN '/api/documents/' || d."id" || '/attachments/' || a."id" END`;
const ORIGINAL_ATTACHMENT_FIELDS = `'link_url', a."linkPath", 'name', a."fileName",
      'path', coalesce(a."linkPath", ${DOWNLOAD_URL}),
      'status', coalesce(a."review"::text, CASE WHEN a."state" = 'pending' THEN 'pending' ELSE 'in_analisys' END),
      'user', json_build_object('name', a."authorLabel"), 'createdAt', ${isoSql(`a."createdAt"`)}`;

const READ_VIEW = `json_build_object(
  'id', d."id", 'status_id', d."statusId", 'uuid', d."uuid", 'product_id', d."productId", 'protocol', d."protocol",
  'filled_columns', d."filledColumns", 'date_time', ${isoSql(`d."dateTime"`)},
  'sla_end_status', ${isoSql(`d."slaEndStatus"`)}, 'updated_at', ${isoSql(`d."updatedAt"`)},
  'fields_to_show', json_build_object('CPF', d."cpf", 'Email', d."email", 'Telefone', d."phone", 'Cliente', d."name",
    'Fonte', d."source", 'Modalidade', d."modalityIdentifier", 'Criado em', ${isoSql(`d."createdAt"`)}),
  'product', json_build_object('id', p."id", 'name', p."name", 'description', p."description",
    'sla', p."defaultSlaHours", 'active', p."active", 'created_at', ${isoSql(`p."createdAt"`)},
    'updated_at', ${isoSql(`p."updatedAt"`)}),
  'status', json_build_object('id', s."id", 'name', s."name", 'description', s."description", 'category', c."key",
    'category_id', s."categoryId", 'category_label', c."label", 'sla', s."slaHours", 'text_color', s."textColor",
    'bg_color', s."bgColor", 'order', s."order", 'step_id', s."stepId"),
  'step', CASE WHEN st."id" IS NULL THEN NULL
    ELSE json_build_object('id', st."id", 'product_id', st."productId", 'name', st."name", 'order', st."order") END,
  'observation', coalesce((
    SELECT json_agg(json_build_object('id', o."id", 'text', o."text", 'visibility', o."visibility",
      'author', o."authorLabel", 'created_at', ${isoSql(`o."createdAt"`)}, ${ORIGINAL_OBSERVATION_FIELDS}) ORDER BY o."createdAt", o."id")
    FROM "Observation" o WHERE o."documentId" = d."id"), '[]'::json),
  'attachment', coalesce((
    SELECT json_agg(json_build_object('id', a."id", 'state', a."state", 'file_name', a."fileName",
      'media_type', a."mediaType", 'size', a."size", 'sha256', a."sha256", 'request_note', a."requestNote", 'request_name', a."requestName",
      'author', a."authorLabel", 'created_at', ${isoSql(`a."createdAt"`)}, 'uploaded_at', ${isoSql(`a."uploadedAt"`)},
      'download_url', ${DOWNLOAD_URL}, ${ORIGINAL_ATTACHMENT_FIELDS})
      ORDER BY a."createdAt", a."id")
    FROM "Attachment" a WHERE a."documentId" = d."id"), '[]'::json))`;

const DEFAULT_MASKED = `ARRAY[${DEFAULT_MASKED_FIELDS.map((field) => `'${field}'`).join(", ")}]::text[]`;
/** With "policy", the column "masked": the fields the role's policy masks (one sub-select, evaluated once). */
const policyColumn = (personal: PersonalData, instance: string, role: string) =>
  personal === "policy"
    ? `, coalesce((SELECT mp."maskedFields" FROM "MaskingPolicy" mp
    WHERE mp."instanceId" = ${instance} AND mp."role" = ${role}::"Role"), ${DEFAULT_MASKED}) AS "masked"`
    : "";

const FROM = `FROM "Document" d
  JOIN "Status" s ON s."id" = d."statusId"
  JOIN "StatusCategory" c ON c."id" = s."categoryId"
  JOIN "Product" p ON p."id" = d."productId"
  LEFT JOIN "ProductStep" st ON st."id" = s."stepId"`;

/** $1 document id, $2 instance id (policy: $3 the caller's role) → one row {view: JSON text}, or none. */
export function readViewByIdSql(personal: PersonalData): string {
  return READ_VIEW_BY_ID_SQL[personal];
}
const viewById = (personal: PersonalData) =>
  `SELECT ${READ_VIEW}::text AS "view"${policyColumn(personal, "$2", "$3")} ${FROM}
  WHERE d."id" = $1 AND d."instanceId" = $2`;
const READ_VIEW_BY_ID_SQL = { clear: viewById("clear"), policy: viewById("policy") };
/** The clear read view by id (bench/api/planning-cost.ts measures it). */
export const READ_VIEW_BY_ID = READ_VIEW_BY_ID_SQL.clear;

/** $1 instance id, $2 document ids (int[]) (policy: $3 the role) → one row: the JSON array of their views in $2's order. */
export function readViewsByIdsSql(personal: PersonalData): string {
  return READ_VIEWS_BY_IDS_SQL[personal];
}
const viewsByIds = (personal: PersonalData) =>
  `SELECT coalesce(json_agg(${READ_VIEW} ORDER BY array_position($2::int[], d."id")), '[]'::json)::text AS "views"
    ${policyColumn(personal, "$1", "$3")}
  ${FROM}
  WHERE d."instanceId" = $1 AND d."id" = ANY($2::int[])`;
const READ_VIEWS_BY_IDS_SQL = {
  clear: viewsByIds("clear"),
  policy: viewsByIds("policy"),
};

/**
 * The loadByCPF statement: $1 instance id, $2 the identifier (text) or identifiers (text[], exact match), with
 * `categories` $3 the category keys (text[]), with "policy" the caller's role (the next number) → one row: the JSON array of views, newest first, and the instance's
 * category keys (to name unknown ones in a 400). Four constant texts rather than one with `= ANY($2)` and
 * `cardinality($3) = 0 OR …`: that one's generic plan was estimated 9× dearer than a custom one (the array's length
 * unknown, the OR not folded), so PostgreSQL planned it on every call even as a prepared statement (issue 17).
 */
export function readViewsByCpfSql(
  identifiers: "one" | "many",
  categories: boolean,
  personal: PersonalData = "clear",
): string {
  return READ_VIEWS_BY_CPF[personal][identifiers][categories ? "some" : "all"];
}

// The category filter is the aggregate's FILTER, not a WHERE condition: the rows scanned are the identifier's either
// way, so the generic plan's estimate does not depend on the unknown array and PostgreSQL keeps it (a WHERE on
// `c."key" = ANY($3)` was estimated dearer generic than custom and planned on every call). A view is only built
// for the rows that pass the filter.
const viewsByCpf = (personal: PersonalData, identifierMatch: string, categories: boolean) =>
  `SELECT coalesce(json_agg(${READ_VIEW} ORDER BY d."createdAt" DESC, d."id" DESC)${
    categories ? ` FILTER (WHERE c."key" = ANY($3::text[]))` : ""
  }, '[]'::json)::text AS "views",
    (SELECT array_agg(k."key" ORDER BY k."id") FROM "StatusCategory" k WHERE k."instanceId" = $1) AS "known"
    ${policyColumn(personal, "$1", categories ? "$4" : "$3")}
  ${FROM}
  WHERE d."instanceId" = $1 AND ${identifierMatch}`;

const ONE = `d."cpf" = $2::text`;
const MANY = `d."cpf" = ANY($2::text[])`;
const byCpf = (personal: PersonalData) => ({
  one: { all: viewsByCpf(personal, ONE, false), some: viewsByCpf(personal, ONE, true) },
  many: { all: viewsByCpf(personal, MANY, false), some: viewsByCpf(personal, MANY, true) },
});
const READ_VIEWS_BY_CPF = { clear: byCpf("clear"), policy: byCpf("policy") };
