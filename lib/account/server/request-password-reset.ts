import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { systemActor } from "../../auth/actor.ts";
import { keyedHash } from "../../auth/server/secrets.ts";
import { lockedForSeconds, recordFailure } from "../../auth/server/sign-in-throttle.ts";
import type { SignInContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { throttled } from "../../errors/app-error.ts";
import { publicAppUrl } from "../../outbox/config.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { newResetToken, PASSWORD_RESET_MINUTES } from "./password-reset-rows.ts";

// Braked like the sign-in, on the sign-in's own shared counters but under keys of their own (a flood of reset
// requests must not lock anyone out of signing in): 3 links per e-mail and 20 requests per address in 15 minutes,
// then a lock of 1 minute doubling up to 1 hour. A locked e-mail gets no further link but the same answer; a locked
// address is told to wait (that reveals nothing about any account).
const RESET_LIMITS = { email: 3, address: 20 };

export const RESET_SUBJECT = "Redefinição de senha do DocFlow";

/**
 * "Esqueci minha senha": when the e-mail names an enabled account, a single-use link valid for 30 minutes goes out
 * through the outbox (the worker sends it, with retries) and earlier unused links of the account stop working. The
 * caller always gets the same answer, whether or not the address exists.
 */
export async function requestPasswordReset(ctx: SignInContext, input: { email: string }): Promise<{ status: "ok" }> {
  const email = input.email.trim().toLowerCase();
  const emailKey = { key: `reset-email:${keyedHash(email)}`, limit: RESET_LIMITS.email };
  const addressKey = ctx.address ? { key: `reset-addr:${keyedHash(ctx.address)}`, limit: RESET_LIMITS.address } : null;
  if (addressKey) {
    const wait = await lockedForSeconds([addressKey]);
    if (wait > 0) throw throttled("Too many password reset requests; try again later", wait);
  }
  if ((await lockedForSeconds([emailKey])) > 0) return { status: "ok" };
  await recordFailure(addressKey ? [emailKey, addressKey] : [emailKey]);

  const db = await getDb();
  const user = email.length <= 320 ? await db.user.findUnique({ where: { email } }) : null;
  if (!user || user.disabled) return { status: "ok" };

  const now = new Date();
  const { id, secretHash, token } = newResetToken();
  // The fragment never reaches a server log or a Referer header; the page reads it in the browser.
  const link = `${publicAppUrl()}/redefinir-senha#${token}`;
  await inTransaction(async (tx) => {
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
    await tx.passwordReset.create({
      data: {
        id,
        userId: user.id,
        secretHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
      },
    });
    // A message with no document behind it, as the status's test e-mail is: the outbox sends it like any other.
    await tx.outboxMessage.create({
      data: {
        instanceId: user.instanceId,
        documentId: null,
        channel: "email",
        recipient: user.email,
        subject: RESET_SUBJECT,
        body:
          `Olá, ${user.name}.\n\nRecebemos um pedido para redefinir a senha da sua conta no DocFlow. ` +
          `Para escolher uma nova senha, abra o link abaixo em até ${PASSWORD_RESET_MINUTES} minutos ` +
          `(ele só pode ser usado uma vez):\n\n${link}\n\n` +
          "Se não foi você que pediu, ignore esta mensagem: sua senha continua a mesma.",
        createdAt: now,
        notBefore: now,
      },
    });
    await recordAudit(tx, systemActor("sign_in", user.instanceId, user.email), {
      action: "user.password_reset_request",
      entity: "user",
      entityId: user.id,
      details: { email: user.email },
    });
  });
  nudgeOutbox();
  return { status: "ok" };
}
