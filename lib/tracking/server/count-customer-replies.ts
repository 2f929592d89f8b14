import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";

/**
 * The header's count: cases whose customer wrote or sent a file that no staff member has opened or answered since —
 * the caller's own (assigned to them), and the unassigned ones when they follow those (notifyUnassigned). A caller
 * without a user (an API token) follows nothing.
 */
export async function countCustomerReplies(
  ctx: UseCaseContext,
): Promise<{ count: number; last_activity_at: string | null }> {
  const { actor } = ctx;
  const db = await getDb();
  // One index read ([instanceId, customerActivityAt]): cheap enough to ask every few seconds.
  const latest = await db.document.aggregate({
    where: { instanceId: actor.instanceId },
    _max: { customerActivityAt: true },
  });
  const last_activity_at = latest._max.customerActivityAt?.toISOString() ?? null;
  if (actor.userId === null) return { count: 0, last_activity_at };
  const user = await db.user.findFirst({
    where: { id: actor.userId, instanceId: actor.instanceId },
    select: { notifyUnassigned: true },
  });
  if (!user) return { count: 0, last_activity_at };
  const count = await db.document.count({
    where: {
      instanceId: actor.instanceId,
      customerUnread: true,
      OR: [{ userId: actor.userId }, ...(user.notifyUnassigned ? [{ userId: null }] : [])],
    },
  });
  return { count, last_activity_at };
}
