import "server-only";
import { getDb } from "../../db/client.ts";
import { recordSignInFailure } from "../../metrics/server/metrics.ts";
import { auditSignIn } from "./sign-in-audit.ts";
import { clearFailures, lockedForSeconds, recordFailure, throttleKeys } from "./sign-in-throttle.ts";
import { factorRequiredFor } from "./totp/factor-policy.ts";
import { looksLikeRecoveryCode, recoveryCodeHash } from "./totp/recovery-codes.ts";
import { openTotpSecret } from "./totp/secret-cipher.ts";
import {
  challengeMatches,
  challengeUserId,
  deviceRemembered,
  rememberedDeviceValue,
  signInChallenge,
} from "./totp/signed-tokens.ts";
import { acceptedTotpStep } from "./totp/totp-codes.ts";

// The sign-in's second step. A password alone never yields a session for a person with a factor: the first step
// answers a 5-minute signed challenge instead, and only the challenge plus a good code (or an unused recovery code)
// signs in. Code guesses count on the same per-e-mail and per-address counters as wrong passwords, and the password
// step does not reset the e-mail's counter for such a person, so alternating password and code tries gains nothing.

/** The cookie of a browser that passed the factor with "lembrar este dispositivo" (only the sign-in reads it). */
export const REMEMBERED_DEVICE_COOKIE = "docflow_remembered_device";
// The whole site: the single sign-on's return (/sso/callback) reads it too, so a remembered browser is remembered
// whichever way the person signs in. It is httpOnly and signed; nothing but the two sign-ins reads it.
export const REMEMBERED_DEVICE_PATH = "/";

/**
 * The challenge a single sign-on hands to the sign-in page's code step. Not in the address (server logs, Referer,
 * history) and not readable by the page's script (httpOnly): the browser sends it only to the code step's POST, which
 * reads it when the form carries no challenge of its own, and clears it once used.
 */
export const SSO_CHALLENGE_COOKIE = "docflow_sso_challenge";
export const SSO_CHALLENGE_PATH = "/api/auth/callback/second-factor";

export type SecondFactorGate =
  /** No code asked: no factor, a remembered device, or a factor required but not enrolled (the session then only
   * enrols: lib/auth/server/session-actor.ts). */
  | { kind: "pass"; auditDetails: Record<string, string> }
  /** The web sign-in continues with a code. */
  | { kind: "code"; challenge: string; rememberDays: number }
  /** A password-only sign-in (a sign-in token) for a person who signs in with a factor. */
  | { kind: "refused" };

/** What a correct password leads to for `user`. */
export async function secondFactorGate(
  user: { id: number },
  input: { web: boolean; rememberedDevice?: string | null },
): Promise<SecondFactorGate> {
  const db = await getDb();
  const row = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: {
      id: true,
      role: true,
      integration: true,
      sessionsValidFrom: true,
      secondFactor: { select: { confirmedAt: true, devicesValidFrom: true } },
      instance: { select: { secondFactorRequiredFor: true, rememberDeviceDays: true } },
    },
  });
  const enrolled = Boolean(row.secondFactor?.confirmedAt);
  const required = factorRequiredFor(row, row.instance);
  if (row.integration || (!enrolled && !required)) return { kind: "pass", auditDetails: {} };
  if (!input.web) return { kind: "refused" };
  if (!enrolled) return { kind: "pass", auditDetails: { second_factor: "enrolment_required" } };
  const days = row.instance.rememberDeviceDays;
  if (deviceRemembered(input.rememberedDevice, row.id, row.secondFactor!.devicesValidFrom, days)) {
    return { kind: "pass", auditDetails: { second_factor: "remembered_device" } };
  }
  return { kind: "code", challenge: signInChallenge(row), rememberDays: days };
}

type SecondStep =
  | {
      ok: true;
      user: { id: number; email: string; name: string };
      /** The remembered-device cookie's value when it was asked for and the instance allows it. */
      rememberDevice: { value: string; days: number } | null;
    }
  | { ok: false; reason: "invalid" | "expired" | "throttled"; retryAfterSeconds?: number };

/** The second step: the challenge from the password step and a TOTP or recovery code. */
export async function verifySecondFactor(input: {
  challenge: string;
  code: string;
  remember: boolean;
  clientIp?: string | null;
}): Promise<SecondStep> {
  const named = challengeUserId(input.challenge);
  if (!named) return { ok: false, reason: "expired" };
  const db = await getDb();
  const user = await db.user.findUnique({
    where: { id: named.userId },
    include: { secondFactor: true, instance: { select: { rememberDeviceDays: true } } },
  });
  if (!user || user.disabled || user.integration || !user.secondFactor?.confirmedAt) {
    return { ok: false, reason: "expired" };
  }
  if (!challengeMatches(input.challenge, user)) return { ok: false, reason: "expired" };

  const keys = throttleKeys(user.email, input.clientIp);
  const lockedFor = await lockedForSeconds(keys);
  if (lockedFor > 0) {
    recordSignInFailure("throttled");
    return { ok: false, reason: "throttled", retryAfterSeconds: lockedFor };
  }
  // Counted before the check, on the e-mail's counter: parallel guesses cannot overshoot the limit, since each one
  // that would pass it finds the key locked. A good code clears the count.
  const [emailKey, ...addressKeys] = keys;
  const lockedNow = await recordFailure([emailKey!]);
  if (lockedNow.length) {
    recordSignInFailure("throttled");
    await auditSignIn(db, user, "user.sign_in_locked", {});
    return { ok: false, reason: "throttled", retryAfterSeconds: await lockedForSeconds(keys) };
  }

  const factor = user.secondFactor;
  let method: "totp" | "recovery_code" | null = null;
  if (looksLikeRecoveryCode(input.code)) {
    // Spent conditionally: of two uses racing, one wins.
    const spent = await db.recoveryCode.updateMany({
      where: { userId: user.id, codeHash: recoveryCodeHash(input.code), usedAt: null },
      data: { usedAt: new Date() },
    });
    if (spent.count === 1) method = "recovery_code";
  } else {
    const step = await acceptedTotpStep(openTotpSecret(factor.secretCipher), input.code, factor.lastUsedStep);
    if (step !== null) {
      const moved = await db.userSecondFactor.updateMany({
        where: { userId: user.id, lastUsedStep: { lt: step } },
        data: { lastUsedStep: step },
      });
      if (moved.count === 1) method = "totp";
    }
  }

  if (!method) {
    if (addressKeys.length) await recordFailure(addressKeys);
    recordSignInFailure("invalid");
    await auditSignIn(db, user, "user.sign_in_failed", { reason: "wrong_code" });
    return { ok: false, reason: "invalid" };
  }
  await clearFailures(keys);
  await db.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  const left =
    method === "recovery_code" ? await db.recoveryCode.count({ where: { userId: user.id, usedAt: null } }) : null;
  await auditSignIn(db, user, "user.sign_in", {
    second_factor: method,
    ...(left !== null ? { recovery_codes_left: left } : {}),
  });
  const days = user.instance.rememberDeviceDays;
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name },
    rememberDevice: input.remember && days > 0 ? { value: rememberedDeviceValue(user.id), days } : null,
  };
}
