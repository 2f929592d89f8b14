import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { assertStrongPassword } from "../../auth/server/password-strength.ts";
import { hashPassword, verifyPassword } from "../../auth/server/passwords.ts";
import { hashSecret } from "../../auth/server/secrets.ts";
import { lockedForSeconds, recordFailure, throttleKeys } from "../../auth/server/sign-in-throttle.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { invalid, notFound, throttled } from "../../errors/app-error.ts";
import { revokeSessionTokens } from "../../settings/server/user-rows.ts";
import { ownUserId } from "./session-rows.ts";

/**
 * "Minha conta": a new password, given the current one. Wrong current passwords count on the sign-in's counter of
 * the e-mail (a stolen session must not become a free password-guessing oracle). This browser stays signed in; every
 * other session and sign-in token of the account ends.
 */
export async function changeOwnPassword(
  ctx: UseCaseContext,
  input: { current_password: string; new_password: string; currentSessionId: string | null },
): Promise<{ status: "ok" }> {
  const id = ownUserId(ctx);
  const db = await getDb();
  const user = await db.user.findFirst({ where: { id, instanceId: ctx.actor.instanceId } });
  if (!user) throw notFound("User not found");
  const keys = throttleKeys(user.email, null);
  const wait = await lockedForSeconds(keys);
  if (wait > 0) throw throttled("Too many wrong passwords; try again later", wait);
  if (!(await verifyPassword(input.current_password, user.passwordHash))) {
    await recordFailure(keys);
    throw invalid("Invalid parameters", [
      { path: "current_password", message: "The current password is wrong", code: "wrong_password" },
    ]);
  }
  assertStrongPassword(input.new_password, [user.email, user.name], "new_password");
  const passwordHash = await hashPassword(input.new_password);
  const keep = input.currentSessionId ? hashSecret(input.currentSessionId) : null;
  await inTransaction(async (tx) => {
    const now = new Date();
    await tx.user.update({ where: { id }, data: { passwordHash } });
    const ended = await tx.staffSession.updateMany({
      where: { userId: id, revokedAt: null, ...(keep ? { idHash: { not: keep } } : {}) },
      data: { revokedAt: now },
    });
    await revokeSessionTokens(tx, id, now);
    await recordAudit(tx, ctx.actor, {
      action: "user.change_password",
      entity: "user",
      entityId: id,
      details: { email: user.email, other_sessions_ended: ended.count },
    });
  });
  return { status: "ok" };
}
