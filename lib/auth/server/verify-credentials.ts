import "server-only";
import { getDb } from "../../db/client.ts";
import { recordPasswordCheck, recordSignInFailure } from "../../metrics/server/metrics.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";
import { clearFailures, lockedForSeconds, recordFailure, throttleKeys } from "./sign-in-throttle.ts";
import { auditSignIn } from "./sign-in-audit.ts";
import { passwordSignInRefused } from "./sso-policy.ts";
import { secondFactorGate } from "./verify-second-factor.ts";

type CredentialCheck =
  | {
      ok: true;
      user: { id: number; email: string; name: string; role: "admin" | "staff" | "viewer"; instanceId: number };
    }
  | { ok: false; reason: "invalid" | "throttled" | "integration" | "sso_only"; retryAfterSeconds?: number }
  /** The password was right and a code must follow (web), or cannot (a sign-in token): verify-second-factor.ts. */
  | { ok: false; reason: "second_factor"; challenge?: string; rememberDays?: number };

const MAX_PASSWORD_LENGTH = 1024;
// scrypt takes ~128 MB and a core for a moment: a burst of sign-ins must not exhaust the server, and checking the
// lock again once a slot is free keeps parallel guesses from overshooting the throttle.
const MAX_CONCURRENT_CHECKS = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_CHECKS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * E-mail + password check shared by the next-auth sign-in and POST /api/auth/token, throttled per e-mail and per
 * client address (see sign-in-throttle.ts). Wrong password, unknown e-mail and disabled account all answer
 * "invalid" and count as failures; while a key is locked the password is not even checked.
 */
export async function verifyCredentials(input: {
  email: string;
  password: string;
  clientIp?: string | null;
  /** The web sign-in: an integration account proves its password but may not open a browser session. */
  web?: boolean;
  /** The web sign-in: the browser's remembered-device cookie, if any (verify-second-factor.ts). */
  rememberedDevice?: string | null;
}): Promise<CredentialCheck> {
  const email = input.email.trim().toLowerCase();
  const keys = throttleKeys(email, input.clientIp);
  return withSlot(async () => {
    const lockedFor = await lockedForSeconds(keys);
    if (lockedFor > 0) {
      recordSignInFailure("throttled");
      return { ok: false, reason: "throttled", retryAfterSeconds: lockedFor };
    }
    const db = await getDb();
    const user = email.length <= 320 ? await db.user.findUnique({ where: { email } }) : null;
    const password = input.password.length <= MAX_PASSWORD_LENGTH ? input.password : "";
    const stored = user?.passwordHash ?? (await decoyPasswordHash());
    const started = performance.now();
    const valid = await verifyPassword(password, stored);
    recordPasswordCheck((performance.now() - started) / 1000);
    if (!user || !valid || !password || user.disabled) {
      const locked = await recordFailure(keys);
      recordSignInFailure("invalid");
      // Only an account of ours has an instance whose trail can hold the event; unknown e-mails stay metrics.
      if (user) {
        await auditSignIn(db, user, "user.sign_in_failed", { reason: user.disabled ? "disabled" : "wrong_password" });
        if (locked.some((key) => key.startsWith("email:"))) await auditSignIn(db, user, "user.sign_in_locked", {});
      }
      return { ok: false, reason: "invalid" };
    }
    // The instance signs its people in through its directory (single sign-on); the break-glass admin still may.
    // Checked before the second factor: a code step must never lead past a password sign-in that is switched off.
    if (await passwordSignInRefused(db, user)) {
      await auditSignIn(db, user, "user.sign_in_failed", { reason: "password_sign_in_off" });
      return { ok: false, reason: "sso_only" };
    }
    const gate = await secondFactorGate(user, { web: Boolean(input.web), rememberedDevice: input.rememberedDevice });
    // A person with a factor keeps the e-mail's failure count until the code is right: otherwise each right password
    // would reset the count of the code guesses that follow it.
    if (gate.kind === "code") {
      return { ok: false, reason: "second_factor", challenge: gate.challenge, rememberDays: gate.rememberDays };
    }
    if (gate.kind === "refused") {
      await auditSignIn(db, user, "user.sign_in_failed", { reason: "second_factor_without_code" });
      return { ok: false, reason: "second_factor" };
    }
    await clearFailures(keys);
    if (input.web && user.integration) {
      await auditSignIn(db, user, "user.sign_in_failed", { reason: "integration_web" });
      return { ok: false, reason: "integration" };
    }
    await db.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
    await auditSignIn(db, user, "user.sign_in", gate.auditDetails);
    return {
      ok: true,
      user: { id: user.id, email: user.email, name: user.name, role: user.role, instanceId: user.instanceId },
    };
  });
}
