import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { hashSecret } from "../../auth/server/secrets.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { ownUserId } from "./session-rows.ts";

/** "Sair das outras sessões": every session of the account but this browser's ends at once. */
export async function endOtherSessions(ctx: UseCaseContext, input: { currentSessionId: string | null }) {
  const id = ownUserId(ctx);
  const keep = input.currentSessionId ? hashSecret(input.currentSessionId) : null;
  return inTransaction(async (tx) => {
    const ended = await tx.staffSession.updateMany({
      where: { userId: id, revokedAt: null, ...(keep ? { idHash: { not: keep } } : {}) },
      data: { revokedAt: new Date() },
    });
    await recordAudit(tx, ctx.actor, {
      action: "user.session_revoke",
      entity: "user",
      entityId: id,
      details: { email: ctx.actor.label, sessions: ended.count, scope: "others" },
    });
    return { ended: ended.count };
  });
}
