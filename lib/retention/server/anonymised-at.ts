// When a retention rule anonymised a document of the instance (null when it did not, or no such document): the
// document page says so above the document.
import "server-only";
import { getDb } from "../../db/client.ts";

export async function documentAnonymisedAt(instanceId: number, id: number): Promise<Date | null> {
  const db = await getDb();
  const row = await db.document.findFirst({ where: { id, instanceId }, select: { anonymisedAt: true } });
  return row?.anonymisedAt ?? null;
}
