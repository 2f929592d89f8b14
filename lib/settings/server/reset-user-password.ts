import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { assertStrongPassword } from "../../auth/server/password-strength.ts";
import { generatePassword, hashPassword } from "../../auth/server/passwords.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { serializeUser, userOf, revokeSessionTokens } from "./user-rows.ts";

/**
 * A new password — the one given (the CLI's --password) or a generated one, answered once; the user's sessions and
 * session tokens end.
 */
export async function resetUserPassword(ctx: UseCaseContext, input: { id: number; password?: string }) {
  const { actor } = ctx;
  const { id, password: given } = input;
  const instanceId = actor.instanceId;
  if (given !== undefined) {
    const target = await inTransaction((tx) => userOf(tx, instanceId, id));
    assertStrongPassword(given, [target.email, target.name]);
  }
  const password = given ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const user = await inTransaction(async (tx) => {
    const user = await userOf(tx, instanceId, id);
    const now = new Date();
    const updated = await tx.user.update({ where: { id }, data: { passwordHash, sessionsValidFrom: now } });
    await tx.staffSession.updateMany({ where: { userId: id, revokedAt: null }, data: { revokedAt: now } });
    await revokeSessionTokens(tx, id, now);
    await recordAudit(tx, actor, {
      action: "user.reset_password",
      entity: "user",
      entityId: id,
      details: { email: user.email, password: given ? "set" : "generated" },
    });
    return updated;
  });
  return { ...serializeUser(user), ...(given ? {} : { generated_password: password }) };
}
