import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { newRecoveryCodes, recoveryCodeHash } from "../../auth/server/totp/recovery-codes.ts";
import { openTotpSecret } from "../../auth/server/totp/secret-cipher.ts";
import { acceptedTotpStep } from "../../auth/server/totp/totp-codes.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict, invalid } from "../../errors/app-error.ts";
import { ownUserId } from "./session-rows.ts";

/**
 * The enrolment's second half: a code from the app proves the secret reached it. The factor is on from now, and ten
 * recovery codes are answered this once (only their keyed hashes stay).
 */
export async function confirmFactorEnrolment(ctx: UseCaseContext, input: { code: string }) {
  const id = ownUserId(ctx);
  const codes = newRecoveryCodes();
  await inTransaction(async (tx) => {
    const factor = await tx.userSecondFactor.findFirst({
      where: { userId: id, user: { instanceId: ctx.actor.instanceId } },
      include: { user: { select: { email: true } } },
    });
    if (!factor) throw conflict("Start the enrolment first", { code: "factor_not_started" });
    if (factor.confirmedAt) throw conflict("A second factor is already enrolled", { code: "factor_enrolled" });
    const step = await acceptedTotpStep(openTotpSecret(factor.secretCipher), input.code, 0);
    if (step === null) {
      throw invalid("Invalid parameters", [
        { path: "code", message: "The code does not match; check the phone's clock", code: "wrong_code" },
      ]);
    }
    const now = new Date();
    await tx.userSecondFactor.update({
      where: { userId: id },
      data: { confirmedAt: now, lastUsedStep: step, devicesValidFrom: now },
    });
    await tx.recoveryCode.deleteMany({ where: { userId: id } });
    await tx.recoveryCode.createMany({
      data: codes.map((code) => ({ userId: id, codeHash: recoveryCodeHash(code), createdAt: now })),
    });
    await recordAudit(tx, ctx.actor, {
      action: "user.second_factor_enrol",
      entity: "user",
      entityId: id,
      details: { email: factor.user.email, method: "totp", recovery_codes: codes.length },
    });
  });
  return { recovery_codes: codes };
}
