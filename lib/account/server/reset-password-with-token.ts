import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { systemActor } from "../../auth/actor.ts";
import { assertStrongPassword } from "../../auth/server/password-strength.ts";
import { hashPassword } from "../../auth/server/passwords.ts";
import { clearFailures, throttleKeys } from "../../auth/server/sign-in-throttle.ts";
import type { SignInContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { invalid } from "../../errors/app-error.ts";
import { revokeSessionTokens } from "../../settings/server/user-rows.ts";
import { usableReset } from "./password-reset-rows.ts";

const linkRefused = () =>
  invalid("This link is invalid, was already used or has expired", undefined, { code: "reset_link_invalid" });

/**
 * The reset link's second half: a new password for the account the link names. The link is spent, every session and
 * sign-in token of the account ends, and the e-mail's failed sign-ins are forgotten (the person just proved control
 * of the mailbox).
 */
export async function resetPasswordWithToken(
  _ctx: SignInContext,
  input: { token: string; password: string },
): Promise<{ status: "ok" }> {
  const now = new Date();
  const found = await inTransaction((tx) => usableReset(tx, input.token, now));
  if (!found) throw linkRefused();
  assertStrongPassword(input.password, [found.user.email, found.user.name]);
  // scrypt takes a while: hash before the transaction so the (single PGlite) connection is not held meanwhile.
  const passwordHash = await hashPassword(input.password);
  const user = await inTransaction(async (tx) => {
    const reset = await usableReset(tx, input.token, now);
    if (!reset) throw linkRefused();
    // Spent conditionally: of two uses racing, one wins.
    const spent = await tx.passwordReset.updateMany({ where: { id: reset.id, usedAt: null }, data: { usedAt: now } });
    if (spent.count !== 1) throw linkRefused();
    await tx.passwordReset.updateMany({ where: { userId: reset.userId, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: reset.userId }, data: { passwordHash, sessionsValidFrom: now } });
    await tx.staffSession.updateMany({ where: { userId: reset.userId, revokedAt: null }, data: { revokedAt: now } });
    await revokeSessionTokens(tx, reset.userId, now);
    await recordAudit(tx, systemActor("sign_in", reset.user.instanceId, reset.user.email), {
      action: "user.password_reset",
      entity: "user",
      entityId: reset.userId,
      details: { email: reset.user.email, by: "link" },
    });
    return reset.user;
  });
  await clearFailures(throttleKeys(user.email, null));
  return { status: "ok" };
}
