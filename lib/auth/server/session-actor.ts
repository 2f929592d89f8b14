import "server-only";
import { getServerSession } from "next-auth";
import type { Actor } from "../actor.ts";
import { authOptions } from "./auth-options.ts";
import { SESSION_ABSOLUTE_SECONDS } from "../session-policy.ts";
import { userOfStaffSession } from "./staff-sessions.ts";
import { mustEnrolFactor } from "./totp/factor-policy.ts";

/**
 * The signed-in staff user as an Actor, or null. The user is re-read on every call so a role change, a disabled
 * account or a password reset (sessionsValidFrom) takes effect at once, and the absolute lifetime is enforced here.
 * The session itself must still be live: sign-out revokes it on the server (a saved cookie then fails), and cookies
 * from before server-side sessions (no `sid`) are refused, which asks those users to sign in once more.
 */
export async function currentStaffActor(): Promise<Actor | null> {
  const state = await currentStaffSession();
  return state && !state.mustEnrolFactor ? state.actor : null;
}

/**
 * The session as currentStaffActor reads it, with whether its person must first enrol a second factor (required in
 * their instance, not yet enrolled): such a session reaches only the enrolment (pages are sent there by
 * requireStaff, and API contracts that do not say `duringFactorEnrolment` answer 401).
 */
export async function currentStaffSession(): Promise<{ actor: Actor; mustEnrolFactor: boolean } | null> {
  const session = (await getServerSession(authOptions)) as {
    userId?: number;
    authTime?: number;
    sid?: string;
    directoryMfa?: boolean;
  } | null;
  if (!session?.userId || !session.authTime || typeof session.sid !== "string") return null;
  const nowSeconds = Date.now() / 1000;
  if (nowSeconds - session.authTime > SESSION_ABSOLUTE_SECONDS) return null;
  const user = await userOfStaffSession(session.sid);
  // An integration account has no browser session (a session from before it was marked so stops here too).
  if (!user || user.id !== session.userId || user.disabled || user.integration) return null;
  if (user.sessionsValidFrom.getTime() / 1000 > session.authTime + 1) return null;
  const actor: Actor = {
    type: "user",
    id: user.id,
    label: user.email,
    instanceId: user.instanceId,
    role: user.role,
    userId: user.id,
  };
  // A session the directory opened after doing the second factor itself needs none here (as at its sign-in).
  return {
    actor,
    mustEnrolFactor: mustEnrolFactor(user, user.instance, { directoryMfa: session.directoryMfa === true }),
  };
}

/** The staff session behind a cookie-authenticated API call (the wrapper checks Origin for changes). */
export async function actorFromSession(
  _request: Request,
  options: { duringFactorEnrolment?: boolean } = {},
): Promise<Actor | null> {
  if (!options.duringFactorEnrolment) return currentStaffActor();
  return (await currentStaffSession())?.actor ?? null;
}

/** The id of the browser session making this request (in its encrypted cookie), or null for token callers. */
export async function currentStaffSessionId(): Promise<string | null> {
  const session = (await getServerSession(authOptions)) as { sid?: string } | null;
  return typeof session?.sid === "string" ? session.sid : null;
}
