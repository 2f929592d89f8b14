import "server-only";
import { sealTotpSecret } from "../../auth/server/totp/secret-cipher.ts";
import { newTotpSecret, totpQrDataUrl, totpUri } from "../../auth/server/totp/totp-codes.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import { ownUserId } from "./session-rows.ts";

/**
 * "Ativar verificação em duas etapas": a new secret, kept encrypted and unconfirmed until a code from it is typed back
 * (confirm-factor-enrolment.ts). Starting again replaces an unconfirmed one; an enrolled factor is changed only after
 * an admin resets it.
 */
export async function startFactorEnrolment(ctx: UseCaseContext) {
  const id = ownUserId(ctx);
  const secret = newTotpSecret();
  const email = await inTransaction(async (tx) => {
    const user = await tx.user.findFirst({
      where: { id, instanceId: ctx.actor.instanceId },
      include: { secondFactor: { select: { confirmedAt: true } } },
    });
    if (!user) throw notFound("User not found");
    if (user.integration)
      throw conflict("Integration accounts have no second factor", { code: "integration_no_factor" });
    if (user.secondFactor?.confirmedAt) {
      throw conflict("A second factor is already enrolled", { code: "factor_enrolled" });
    }
    const secretCipher = sealTotpSecret(secret);
    await tx.userSecondFactor.upsert({
      where: { userId: id },
      create: { userId: id, secretCipher },
      update: { secretCipher, createdAt: new Date(), lastUsedStep: 0 },
    });
    return user.email;
  });
  const uri = totpUri(secret, email);
  return { secret, otpauth_uri: uri, qr_code: await totpQrDataUrl(uri) };
}
