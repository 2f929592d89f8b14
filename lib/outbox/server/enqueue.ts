// Queues the customer's e-mail when a document enters a status that notifies: one statement to read what the
// template needs, one insert — inside the status change's own transaction, so the message exists if and only if the
// change committed. The worker (processor.ts) sends it.
import { z } from "zod";
import type { Sql } from "../../db/raw-query.ts";
import { parseSqlJson } from "../../db/sql-json.ts";
import { renderMessage } from "../template.ts";
import { trackingLink } from "./tracking-link.ts";

// The document in its (new) status, if that status notifies; the customer observations written since the
// document's last e-mail (or since it was created).
const FACTS_SQL = `SELECT d."email", d."name", d."protocol", d."uuid"::text AS "uuid",
    coalesce(s."publicName", s."name") AS "statusName", s."messageSubject", s."messageBody",
    coalesce((SELECT json_agg(o."text" ORDER BY o."createdAt", o."id") FROM "Observation" o
      WHERE o."documentId" = d."id" AND o."visibility" = 'customer'
        AND o."createdAt" > coalesce((SELECT max(m."createdAt") FROM "OutboxMessage" m
          WHERE m."documentId" = d."id" AND m."channel" = 'email'), '-infinity'::timestamptz)), '[]'::json)::text
      AS "observations"
  FROM "Document" d JOIN "Status" s ON s."id" = d."statusId"
  WHERE d."id" = $1::int AND d."instanceId" = $2::int AND ($3::boolean OR s."notifyCustomer")`;

const INSERT_SQL = `INSERT INTO "OutboxMessage" ("instanceId", "documentId", "channel", "recipient", "subject", "body",
    "notBefore", "createdAt")
  VALUES ($1::int, $2::int, 'email', $3::text, $4::text, $5::text, $6::timestamptz, $6::timestamptz)
  RETURNING "id"`;

type Facts = {
  email: string | null;
  name: string | null;
  protocol: string;
  uuid: string;
  statusName: string;
  messageSubject: string | null;
  messageBody: string | null;
  observations: string;
};

/**
 * After a status change (in its transaction): queues the e-mail of the document's new status when that status
 * notifies (or `always`: a customer observation sent with send_communication) and the document has an e-mail
 * address. Answers the outbox id, or null when nothing was queued.
 */
export async function queueStatusMessage(
  query: Sql,
  input: { instanceId: number; documentId: number; now: Date; always?: boolean },
): Promise<number | null> {
  const {
    rows: [facts],
  } = await query<Facts>(FACTS_SQL, [input.documentId, input.instanceId, input.always ?? false]);
  const recipient = facts?.email?.trim();
  if (!facts || !recipient) return null;
  const message = renderMessage(
    { subject: facts.messageSubject, body: facts.messageBody },
    {
      nome: facts.name,
      protocolo: facts.protocol,
      status: facts.statusName,
      link: trackingLink(facts.uuid, input.now),
      observacoes: parseSqlJson(z.array(z.string()), facts.observations, "the e-mail's observations"),
    },
  );
  const {
    rows: [row],
  } = await query<{ id: number }>(INSERT_SQL, [
    input.instanceId,
    input.documentId,
    recipient,
    message.subject,
    message.body,
    input.now,
  ]);
  return row?.id ?? null;
}
