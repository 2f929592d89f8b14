import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { userOf } from "../../settings/server/user-rows.ts";
import { liveSessionsOf, serializeSession } from "./session-rows.ts";

/** An admin's view of a user's live sessions (the contract requires the admin role). */
export async function listUserSessions(ctx: UseCaseContext, input: { id: number; currentSessionId: string | null }) {
  return inTransaction(async (tx) => {
    const user = await userOf(tx, ctx.actor.instanceId, input.id);
    const rows = await liveSessionsOf(tx, user, new Date());
    return { sessions: rows.map((row) => serializeSession(row, input.currentSessionId)) };
  });
}
