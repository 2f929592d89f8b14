import "server-only";
import { hasRole, type Actor } from "../../auth/actor.ts";
import { SESSION_ABSOLUTE_SECONDS } from "../../auth/session-policy.ts";
import type { Db } from "../../db/client.ts";

/**
 * Whether a read of the document page may show its personal data in clear: the page asked for it (`asked`, after its
 * "Revelar dados pessoais"), the caller is staff or admin, and this same actor revealed this document within one
 * session's lifetime. The reveal (reveal-personal-data.ts) is the one logged act; the reads it opens — the history, the
 * sent messages, the e-mail preview — write nothing more, and without it asking changes nothing.
 */
export async function revealedRead(db: Db, actor: Actor, documentId: number, asked: boolean): Promise<boolean> {
  if (!asked || !hasRole(actor, "staff")) return false;
  const since = new Date(Date.now() - SESSION_ABSOLUTE_SECONDS * 1000);
  const reveal = await db.documentHistory.findFirst({
    where: { documentId, action: "reveal", actorType: actor.type, actorId: actor.id, createdAt: { gte: since } },
    select: { id: true },
  });
  return reveal !== null;
}
