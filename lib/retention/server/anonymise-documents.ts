// What a retention rule does to the documents it takes, inside the caller's transaction.
//
// Anonymise: the person goes, the case stays. The document keeps its protocol, product, status, modality, dates and
// SLA figures (everything the dashboard counts: its triggers see no counted column change), and loses the CPF, name,
// phone, e-mail and filled columns; observations to or from the customer lose their text; attachments their content,
// names, notes and links; e-mails their recipient, subject and body (a pending one is not sent); history rows keep
// which field changed and drop the values, except the workflow's own (status, product, dates, SLA); stored API answers
// (idempotency keys) of the document go. "anonymisedAt" marks it.
//
// Delete: the document and, by the schema's cascades, its observations, attachments, history, e-mails and idempotency
// answers; the dashboard's count triggers remove it from the counts in the same transaction (as the LGPD erasure).
import "server-only";
import type { Sql } from "../../db/sql-session.ts";

/** History fields whose values are the workflow's, not the person's: kept by the anonymisation. */
const HISTORY_KEPT_FIELDS = [
  "status_id",
  "product_id",
  "user_id",
  "modality_id",
  "modality_identifier",
  "sla_total",
  "sla_end",
  "sla_end_status",
  "date_time",
  "date_finished",
  "paused_at",
  "paused_hours",
  "protocol",
  "observation.visibility",
  "attachment.status",
] as const;

export const ANONYMISED_TEXT = "[anonimizado]";

const idArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;

export async function anonymiseDocuments(sql: Sql, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const list = idArray(ids);
  const { rowCount } = await sql(
    `UPDATE "Document"
        SET cpf = '', "cpfDigits" = '', name = NULL, phone = NULL, email = NULL, "filledColumns" = '{}'::jsonb,
            "anonymisedAt" = now(), "updatedAt" = now()
      WHERE id = ANY($1::text::int[]) AND "anonymisedAt" IS NULL`,
    [list],
  );
  await sql(
    `UPDATE "Observation" SET text = $2, "attachmentName" = NULL
      WHERE "documentId" = ANY($1::text::int[])
        AND (visibility = 'customer' OR ("userId" IS NULL AND "tokenId" IS NULL))`,
    [list, ANONYMISED_TEXT],
  );
  await sql(
    `UPDATE "Attachment"
        SET content = NULL, "fileName" = $2, "requestNote" = NULL, "linkPath" = NULL, sha256 = NULL
      WHERE "documentId" = ANY($1::text::int[])`,
    [list, ANONYMISED_TEXT],
  );
  await sql(
    `UPDATE "OutboxMessage"
        SET recipient = '', subject = $2, body = $2, "lastError" = NULL, "lastResponse" = NULL,
            status = CASE WHEN status = 'pending' THEN 'failed'::"OutboxStatus" ELSE status END,
            "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE "documentId" = ANY($1::text::int[])`,
    [list, ANONYMISED_TEXT],
  );
  await sql(
    `UPDATE "DocumentHistory" h
        SET changes = (
          SELECT COALESCE(jsonb_agg(
                   CASE WHEN jsonb_typeof(c) = 'object' AND NOT (c->>'field' = ANY($2::text[]))
                        THEN jsonb_build_object('field', c->'field', 'before', NULL, 'after', NULL)
                        ELSE c END ORDER BY n), '[]'::jsonb)
            FROM jsonb_array_elements(h.changes) WITH ORDINALITY AS e(c, n))
      WHERE h."documentId" = ANY($1::text::int[]) AND jsonb_typeof(h.changes) = 'array'
        AND jsonb_array_length(h.changes) > 0`,
    [list, `{${HISTORY_KEPT_FIELDS.map((field) => `"${field}"`).join(",")}}`],
  );
  await sql(`DELETE FROM "IdempotencyKey" WHERE "documentId" = ANY($1::text::int[])`, [list]);
  return rowCount;
}

export async function deleteDocuments(sql: Sql, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rowCount } = await sql(`DELETE FROM "Document" WHERE id = ANY($1::text::int[])`, [idArray(ids)]);
  return rowCount;
}
