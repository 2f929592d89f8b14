import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret } from "../secrets.ts";

// Two short signed values the sign-in hands to the browser, so neither needs a table:
// - the challenge between the password and the code: the user, an expiry and a stamp of the account (a password
//   reset or "sair de todas as sessões" changes it and the challenge dies), 5 minutes;
// - the remembered device's cookie: the user and when it was issued. The instance's current number of days decides
//   whether it is still good, and the factor's `devicesValidFrom` revokes every earlier one (a reset, "esquecer
//   dispositivos").

const CHALLENGE_SECONDS = 5 * 60;

const sign = (purpose: string, parts: Array<string | number>) =>
  createHmac("sha256", appSecret())
    .update(`${purpose}\0${parts.join("\0")}`, "utf8")
    .digest("base64url");

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type Stamped = { id: number; sessionsValidFrom: Date };

export function signInChallenge(user: Stamped, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + CHALLENGE_SECONDS;
  return `${user.id}.${expires}.${sign("sign-in-challenge", [user.id, expires, user.sessionsValidFrom.getTime()])}`;
}

/** The user id a challenge names, when it is well signed and unexpired (the stamp is checked by the caller). */
export function challengeUserId(challenge: string, now = Date.now()): { userId: number; expires: number } | null {
  const [id, expires, signature, extra] = challenge.split(".");
  if (!id || !expires || !signature || extra !== undefined || !/^\d{1,10}$/.test(id) || !/^\d{1,12}$/.test(expires)) {
    return null;
  }
  if (Number(expires) * 1000 <= now) return null;
  return { userId: Number(id), expires: Number(expires) };
}

export function challengeMatches(challenge: string, user: Stamped): boolean {
  const [id, expires, signature] = challenge.split(".");
  const expected = sign("sign-in-challenge", [Number(id), Number(expires), user.sessionsValidFrom.getTime()]);
  return Number(id) === user.id && sameSignature(signature ?? "", expected);
}

export function rememberedDeviceValue(userId: number, now = Date.now()): string {
  return `${userId}.${now}.${sign("remembered-device", [userId, now])}`;
}

/** Whether the cookie remembers this browser for `userId`: well signed, newer than the factor's last revocation and
 * within the instance's days. */
export function deviceRemembered(
  value: string | undefined | null,
  userId: number,
  validFrom: Date,
  days: number,
  now = Date.now(),
): boolean {
  if (!value || days <= 0) return false;
  const [id, issued, signature, extra] = value.split(".");
  if (!id || !issued || !signature || extra !== undefined || Number(id) !== userId || !/^\d{1,15}$/.test(issued)) {
    return false;
  }
  if (!sameSignature(signature, sign("remembered-device", [userId, Number(issued)]))) return false;
  const issuedAt = Number(issued);
  return issuedAt >= validFrom.getTime() && issuedAt + days * 86_400_000 > now;
}
