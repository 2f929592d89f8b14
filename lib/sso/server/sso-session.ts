// The session a single sign-on opens is the one the password sign-in opens: the same server-side session row
// (staff-sessions.ts) and the same next-auth JWT cookie, encoded with next-auth's own `encode` and the same secret,
// lifetime and cookie name, so session-actor.ts, sign-out and "Minha conta" treat both alike. `sso: true` says the
// directory signed this person in, `directoryMfa: true` that it also did the second factor (read at the sign-in), so
// the session need not enrol one here.
import "server-only";
import { encode } from "next-auth/jwt";
import { config } from "../../config/index.ts";
import { SESSION_IDLE_SECONDS } from "../../auth/session-policy.ts";
import { appSecret } from "../../auth/server/secrets.ts";
import { startStaffSession } from "../../auth/server/staff-sessions.ts";

export type SessionCookie = {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: "lax"; path: "/"; secure: boolean; maxAge: number };
};

/** next-auth's session cookie name: `__Secure-` prefixed when the app is served over https (auth-options.ts). */
function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}next-auth.session-token`;
}

export async function ssoSessionCookie(
  user: { id: number; email: string; name: string },
  userAgent: string | null,
  signIn: { directoryMfa: boolean },
): Promise<SessionCookie> {
  const sid = await startStaffSession(user.id, { userAgent });
  const value = await encode({
    token: {
      sub: String(user.id),
      email: user.email,
      name: user.name,
      authTime: Math.floor(Date.now() / 1000),
      sid,
      sso: true,
      directoryMfa: signIn.directoryMfa,
    },
    secret: appSecret(),
    maxAge: SESSION_IDLE_SECONDS,
  });
  const secure = config("NEXTAUTH_URL")?.startsWith("https://") ?? false;
  return {
    name: sessionCookieName(secure),
    value,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: SESSION_IDLE_SECONDS },
  };
}
