import "server-only";
import { getDb, Prisma } from "../../db/client.ts";
import { keyedHash } from "./secrets.ts";

// Failed sign-ins are counted in the database (SignInThrottle), so every app server shares the counters: per e-mail
// (5 failures) and per client address (20, since several people can share one address) within a 15-minute window.
// Reaching the limit locks the key for 1 minute, doubling with each further failure up to 1 hour; the window then
// runs from the end of the lock, so a patient attacker keeps meeting longer locks. Keys are keyed hashes: the table
// holds no readable e-mail or address. Unknown e-mails are counted like real ones (nothing reveals which exist).

const THROTTLE_WINDOW_SECONDS = 15 * 60;
/** Per address and server, before any database work: a cheap brake on password-check floods (sign-in routes). */
export const SIGN_IN_CHECKS_PER_MINUTE = 60;
export const THROTTLE_LIMITS = { email: 5, address: 20 } as const;
const BASE_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 60 * 60;

export type ThrottleKey = { key: string; limit: number };

export function throttleKeys(email: string, clientIp: string | null | undefined): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: `email:${keyedHash(email.trim().toLowerCase())}`, limit: THROTTLE_LIMITS.email }];
  if (clientIp) keys.push({ key: `addr:${keyedHash(clientIp)}`, limit: THROTTLE_LIMITS.address });
  return keys;
}

/** Seconds until every key is unlocked; 0 when none is locked. */
export async function lockedForSeconds(keys: ThrottleKey[], now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db.signInThrottle.findMany({
    where: { key: { in: keys.map((entry) => entry.key) }, lockedUntil: { gt: now } },
    select: { lockedUntil: true },
  });
  const until = Math.max(0, ...rows.map((row) => row.lockedUntil!.getTime()));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Lock length after `failures` failures for a key whose limit is `limit` (0 below the limit). */
export function lockSecondsFor(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(BASE_LOCK_SECONDS * 2 ** Math.min(failures - limit, 20), MAX_LOCK_SECONDS);
}

/**
 * Counts one failure on every key (atomically, so concurrent servers do not lose counts) and locks those at their
 * limit. Answers the keys this failure locked (for the audit trail's "locked" event).
 */
export async function recordFailure(keys: ThrottleKey[], now = new Date()): Promise<string[]> {
  const db = await getDb();
  const locked: string[] = [];
  for (const { key, limit } of keys) {
    // A key's window restarts when its last window (or lock) ended more than WINDOW ago.
    const rows = await db.$queryRaw<Array<{ failures: number }>>(Prisma.sql`
      INSERT INTO "SignInThrottle" ("key", "failures", "windowStart", "lockedUntil")
      VALUES (${key}, 1, ${now}, NULL)
      ON CONFLICT ("key") DO UPDATE SET
        "failures" = CASE WHEN GREATEST("SignInThrottle"."windowStart", COALESCE("SignInThrottle"."lockedUntil", "SignInThrottle"."windowStart"))
            < ${now}::timestamptz - make_interval(secs => ${THROTTLE_WINDOW_SECONDS}::int)
          THEN 1 ELSE "SignInThrottle"."failures" + 1 END,
        "windowStart" = CASE WHEN GREATEST("SignInThrottle"."windowStart", COALESCE("SignInThrottle"."lockedUntil", "SignInThrottle"."windowStart"))
            < ${now}::timestamptz - make_interval(secs => ${THROTTLE_WINDOW_SECONDS}::int)
          THEN ${now}::timestamptz ELSE "SignInThrottle"."windowStart" END
      RETURNING "failures"`);
    const lockSeconds = lockSecondsFor(rows[0]?.failures ?? 0, limit);
    if (lockSeconds > 0) {
      locked.push(key);
      await db.signInThrottle.update({
        where: { key },
        data: { lockedUntil: new Date(now.getTime() + lockSeconds * 1000) },
      });
    }
  }
  // Old counters are useless; sweep them now and then rather than on every failure.
  if (Math.random() < 0.05) {
    const dayAgo = new Date(now.getTime() - 86_400_000);
    await db.signInThrottle.deleteMany({
      where: { windowStart: { lt: dayAgo }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: dayAgo } }] },
    });
  }
  return locked;
}

/** A successful sign-in clears its e-mail's counter (the address counter decays on its own). */
export async function clearFailures(keys: ThrottleKey[]): Promise<void> {
  const db = await getDb();
  const emailKeys = keys.filter((entry) => entry.key.startsWith("email:")).map((entry) => entry.key);
  await db.signInThrottle.deleteMany({ where: { key: { in: emailKeys } } });
}
