import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "../../db/client.ts";
import { SESSION_ABSOLUTE_SECONDS } from "../session-policy.ts";
import { hashSecret } from "./secrets.ts";

// Server-side record of each browser session, so that signing out ends it everywhere its cookie could be replayed.
// The JWT cookie carries a random session id (next-auth encrypts the cookie); the database keeps only its SHA-256.
// currentStaffActor reads the session row with its user in one query on every request — the user was already read
// per request, so revocation costs no extra round trip and takes effect at once on every server (no cache).

/** Longest User-Agent kept: enough to name the browser and system, not a place to store whatever a client sends. */
const USER_AGENT_MAX = 300;
/** How stale `lastSeenAt` may get before a request refreshes it: one write a minute per session at most. */
const LAST_SEEN_STEP_MS = 60_000;

/** Starts a session for a user who just signed in: the id to put in the cookie. Old rows of the user go here. */
export async function startStaffSession(
  userId: number,
  options: { now?: Date; userAgent?: string | null } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const sessionId = randomBytes(24).toString("base64url");
  const expired = new Date(now.getTime() - SESSION_ABSOLUTE_SECONDS * 1000);
  await db.staffSession.deleteMany({ where: { userId, createdAt: { lt: expired } } });
  await db.staffSession.create({
    data: {
      idHash: hashSecret(sessionId),
      userId,
      createdAt: now,
      lastSeenAt: now,
      userAgent: options.userAgent?.slice(0, USER_AGENT_MAX) || null,
    },
  });
  return sessionId;
}

/** Sign-out: the session is refused from now on, whoever presents its cookie. */
export async function endStaffSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.staffSession.updateMany({
    where: { idHash: hashSecret(sessionId), revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/** The user behind a live (not signed-out) session id, or null. */
export async function userOfStaffSession(sessionId: string) {
  const db = await getDb();
  const idHash = hashSecret(sessionId);
  const session = await db.staffSession.findUnique({
    where: { idHash },
    select: {
      revokedAt: true,
      lastSeenAt: true,
      // With what decides whether the session may only enrol a second factor (totp/factor-policy.ts).
      user: {
        include: {
          secondFactor: { select: { confirmedAt: true } },
          instance: { select: { secondFactorRequiredFor: true } },
        },
      },
    },
  });
  if (!session || session.revokedAt) return null;
  // "Minha conta" shows when each session was last used; a minute's precision keeps this to one write a minute.
  const now = Date.now();
  if (!session.lastSeenAt || now - session.lastSeenAt.getTime() > LAST_SEEN_STEP_MS) {
    await db.staffSession.update({ where: { idHash }, data: { lastSeenAt: new Date(now) } });
  }
  return session.user;
}
