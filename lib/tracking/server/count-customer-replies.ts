import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";

/**
 * The header's count: cases whose customer wrote or sent a file that no staff member has opened or answered since —
 * the caller's own (assigned to them), and the unassigned ones when they follow those (notifyUnassigned). A caller
 * without a user (an API token) follows nothing.
 */
export async function countCustomerReplies(ctx: UseCaseContext): Promise<{ count: number }> {
  const { actor } = ctx;
  if (actor.userId === null) return { count: 0 };
  const db = await getDb();
  const user = await db.user.findFirst({
    where: { id: actor.userId, instanceId: actor.instanceId },
    select: { notifyUnassigned: true },
  });
  if (!user) return { count: 0 };
  const count = await db.document.count({
    where: {
      instanceId: actor.instanceId,
      customerUnread: true,
      OR: [{ userId: actor.userId }, ...(user.notifyUnassigned ? [{ userId: null }] : [])],
    },
  });
  return { count };
}
