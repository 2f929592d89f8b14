import "server-only";
import { getDb } from "../../db/client.ts";
import type { Actor } from "../actor.ts";

/** The name and e-mail the staff header shows: the user's row, else (row gone) the actor's label. */
export async function staffIdentity(actor: Actor): Promise<{ name: string | null; email: string }> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: actor.id }, select: { name: true, email: true } });
  return { name: user?.name ?? null, email: user?.email ?? actor.label };
}
