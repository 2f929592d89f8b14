import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { userOf } from "../../settings/server/user-rows.ts";

/** An admin ends one session of a user of the instance (its cookie stops working on every server at once). */
export async function revokeUserSession(ctx: UseCaseContext, input: { id: number; sessionId: string }) {
  return inTransaction(async (tx) => {
    const user = await userOf(tx, ctx.actor.instanceId, input.id);
    const ended = await tx.staffSession.updateMany({
      where: { idHash: input.sessionId, userId: user.id, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (ended.count === 0) throw notFound("Session not found");
    await recordAudit(tx, ctx.actor, {
      action: "user.session_revoke",
      entity: "user",
      entityId: user.id,
      details: { email: user.email, sessions: 1, scope: "one" },
    });
    return { status: "ok" as const };
  });
}
