import "server-only";
import type { Document } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";

/** Locks the document row for the rest of the transaction, so concurrent changes apply one after another. */
export async function lockDocument(tx: Tx, instanceId: number, id: number): Promise<Document> {
  await tx.$executeRaw`SELECT 1 FROM "Document" WHERE "id" = ${id} AND "instanceId" = ${instanceId} FOR UPDATE`;
  const document = await tx.document.findFirst({ where: { id, instanceId } });
  if (!document) throw notFound("Provided id parameter not exists on database");
  return document;
}
