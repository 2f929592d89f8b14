// Queues the customer's e-mail when a document enters a status that notifies: one statement to read what the
// template needs, one insert — inside the status change's own transaction, so the message exists if and only if the
// change committed. The e-mail queue (email-queue.ts) sends it. The same composition answers the document page's
// preview (preview-message.ts), so what staff see before sending is what the outbox sends.
import "server-only";
import { z } from "zod";
import type { Sql } from "../../db/raw-query.ts";
import { parseSqlJson } from "../../db/sql-json.ts";
import { renderMessage, renderReply, TRACKING_LINK_MARK } from "../template.ts";

// The document in its (new) status — or in `$4` when given (a status it may move to) — if that status notifies; the
// customer observations written since the document's last e-mail (or since it was created).
const FACTS_SQL = `SELECT d."email", d."name", d."protocol", d."uuid"::text AS "uuid",
    coalesce(s."publicName", s."name") AS "statusName", s."messageSubject", s."messageBody", s."notifyCustomer",
    i."replySubject", i."replyBody",
    coalesce(nullif(btrim(t."companyName"), ''), i."name") AS "company",
    coalesce((SELECT json_agg(o."text" ORDER BY o."createdAt", o."id") FROM "Observation" o
      WHERE o."documentId" = d."id" AND o."visibility" = 'customer' AND NOT o."byCustomer"
        AND o."createdAt" > coalesce((SELECT max(m."createdAt") FROM "OutboxMessage" m
          WHERE m."documentId" = d."id" AND m."channel" = 'email'), '-infinity'::timestamptz)), '[]'::json)::text
      AS "observations"
  FROM "Document" d JOIN "Status" s ON s."id" = coalesce($3::int, d."statusId") AND s."instanceId" = d."instanceId"
    JOIN "Instance" i ON i."id" = d."instanceId"
    LEFT JOIN "TrackingPageSettings" t ON t."instanceId" = d."instanceId"
  WHERE d."id" = $1::int AND d."instanceId" = $2::int`;

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
  notifyCustomer: boolean;
  replySubject: string | null;
  replyBody: string | null;
  company: string;
  observations: string;
};

/** Why no e-mail would leave: the status does not notify, the document has no e-mail address. */
export type SilentReason = "status_silent" | "no_email";

export type ComposedMessage =
  | { send: true; recipient: string; subject: string; body: string }
  | { send: false; reason: SilentReason; recipient: string | null }
  | null;

/**
 * The customer's e-mail as the outbox would send it: the status's template (the document's own, or `statusId`'s) with
 * the document's placeholders filled. `always` sends even when the status does not notify (a reply to the customer);
 * `draft` is a reply not saved yet, listed after the notes already written. A reply always carries its notes: a
 * template without {observacoes} gets them appended (template.ts). Null when the document or status is not found.
 */
export async function composeCustomerMessage(
  query: Sql,
  input: { instanceId: number; documentId: number; now: Date; statusId?: number; always?: boolean; draft?: string },
): Promise<ComposedMessage> {
  const {
    rows: [facts],
  } = await query<Facts>(FACTS_SQL, [input.documentId, input.instanceId, input.statusId ?? null]);
  if (!facts) return null;
  const recipient = facts.email?.trim() || null;
  if (!input.always && !facts.notifyCustomer) return { send: false, reason: "status_silent", recipient };
  if (!recipient) return { send: false, reason: "no_email", recipient };
  const observations = parseSqlJson(z.array(z.string()), facts.observations, "the e-mail's observations");
  if (input.draft?.trim()) observations.push(input.draft.trim());
  // A reply is the instance's reply e-mail; a status change the status's notice.
  const message = input.always
    ? renderReply(
        { subject: facts.replySubject, body: facts.replyBody },
        {
          nome: facts.name,
          protocolo: facts.protocol,
          status: facts.statusName,
          link: TRACKING_LINK_MARK,
          mensagem: observations,
          empresa: facts.company,
        },
      )
    : renderMessage(
        { subject: facts.messageSubject, body: facts.messageBody },
        {
          nome: facts.name,
          protocolo: facts.protocol,
          status: facts.statusName,
          link: TRACKING_LINK_MARK,
          observacoes: observations,
        },
        { appendObservations: input.always ?? false },
      );
  return { send: true, recipient, ...message };
}

/**
 * After a status change (in its transaction): queues the e-mail of the document's new status when that status
 * notifies (or `always`: a reply to the customer sent by e-mail) and the document has an e-mail address. Answers the
 * outbox id, or null when nothing was queued.
 */
export async function queueStatusMessage(
  query: Sql,
  input: { instanceId: number; documentId: number; now: Date; always?: boolean },
): Promise<number | null> {
  const message = await composeCustomerMessage(query, input);
  if (!message?.send) return null;
  const {
    rows: [row],
  } = await query<{ id: number }>(INSERT_SQL, [
    input.instanceId,
    input.documentId,
    message.recipient,
    message.subject,
    message.body,
    input.now,
  ]);
  return row?.id ?? null;
}
