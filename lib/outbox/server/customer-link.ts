// The tracking link inside a stored customer e-mail. The outbox keeps TRACKING_LINK_MARK where the link goes; the link
// itself is minted only as the e-mail leaves (email-queue.ts), with the document's current link generation — so the
// composer's preview, the document page's sent messages and the outbox row never hold a token that opens the
// customer's page (whoever held one could write there as the customer).
import "server-only";
import type { SqlSession } from "../../db/sql-session.ts";
import { publicAppUrl } from "../config.ts";
import { TRACKING_LINK_MARK } from "../template.ts";
import { trackingLink } from "./tracking-link.ts";

/** A link minted before the mark existed (rows queued or sent then): the first token format. */
const STORED_LINK = /https?:\/\/[^\s]*\/acompanhar\?t=[A-Za-z0-9_.-]+/g;

/** What staff see where the customer's link goes: the page's address with a stand-in for the personal token. */
export function staffLinkPlaceholder(): string {
  return `${publicAppUrl()}/acompanhar?t=[link-pessoal-do-cliente]`;
}

/** A stored body as staff may read it: the mark, and any live link of an older row, as the placeholder. */
export function bodyForStaff(body: string): string {
  const placeholder = staffLinkPlaceholder();
  return body.split(TRACKING_LINK_MARK).join(placeholder).replace(STORED_LINK, placeholder);
}

/**
 * The body that leaves: the mark (and an older row's link, whose token format is no longer accepted) becomes a fresh
 * link to the message's document with its current generation. A body without either, or without a document (a
 * template test), leaves as stored.
 */
export async function bodyToSend(
  session: SqlSession,
  message: { id: number; body: string },
  now = new Date(),
): Promise<string> {
  STORED_LINK.lastIndex = 0;
  if (!message.body.includes(TRACKING_LINK_MARK) && !STORED_LINK.test(message.body)) return message.body;
  const { rows } = await session.query<{ uuid: string; epoch: number }>(
    `SELECT d."uuid"::text AS "uuid", d."trackingEpoch" AS "epoch"
       FROM "OutboxMessage" m JOIN "Document" d ON d."id" = m."documentId" WHERE m."id" = $1`,
    [message.id],
  );
  const document = rows[0];
  if (!document) return message.body;
  const link = trackingLink(document.uuid, now, document.epoch);
  return message.body.split(TRACKING_LINK_MARK).join(link).replace(STORED_LINK, link);
}
