import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { liveSessionsOf, ownUserId, serializeSession } from "./session-rows.ts";

/** "Minha conta": where one is signed in, this browser marked. */
export async function listOwnSessions(ctx: UseCaseContext, input: { currentSessionId: string | null }) {
  const id = ownUserId(ctx);
  return inTransaction(async (tx) => {
    const user = await tx.user.findFirst({ where: { id, instanceId: ctx.actor.instanceId } });
    if (!user) throw notFound("User not found");
    const rows = await liveSessionsOf(tx, user, new Date());
    return { sessions: rows.map((row) => serializeSession(row, input.currentSessionId)) };
  });
}
