import "server-only";
import type { Actor } from "../../auth/actor.ts";
import type { Tx } from "../../db/transaction.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";

/** The document's id when it belongs to the actor's instance; another instance's document is simply unknown (404). */
export async function assertDocumentInInstance(db: Db | Tx, actor: Actor, id: number): Promise<number> {
  const document = await db.document.findFirst({ where: { id, instanceId: actor.instanceId }, select: { id: true } });
  if (!document) throw notFound("Provided id parameter not exists on database", { code: "document_not_found" });
  return document.id;
}
