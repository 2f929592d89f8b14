// GET /sso/callback?code&state — the directory's return: checks the state (this browser's, unused), trades the
// code, verifies the ID token, provisions the account and opens the same session a password sign-in opens — or, for a
// person with a second factor the directory did not ask for, sends the browser to the sign-in page's code step.
import { NextResponse, type NextRequest } from "next/server";
import { config } from "@/lib/config/index.ts";
import {
  REMEMBERED_DEVICE_COOKIE,
  SSO_CHALLENGE_COOKIE,
  SSO_CHALLENGE_PATH,
} from "@/lib/auth/server/verify-second-factor.ts";
import { finishSsoSignIn } from "@/lib/sso/server/finish-sso-sign-in.ts";
import { SsoFailure } from "@/lib/sso/server/sso-failure.ts";
import { ssoSessionCookie } from "@/lib/sso/server/sso-session.ts";
import { browserOrigin, refusedSignIn, SSO_STATE_COOKIE, withoutStateCookie } from "@/lib/sso/server/sso-browser.ts";

export async function GET(request: NextRequest) {
  try {
    const { user, callbackPath, gate, directoryMfa } = await finishSsoSignIn({
      query: request.nextUrl.searchParams,
      browserState: request.cookies.get(SSO_STATE_COOKIE)?.value ?? null,
      rememberedDevice: request.cookies.get(REMEMBERED_DEVICE_COOKIE)?.value ?? null,
    });
    if (gate.kind === "code") {
      // The page's code step (the same one as after a password); the challenge goes in an httpOnly cookie only the
      // code step's POST receives, never in the address (docs/sso.md).
      const next = new URL("/signin", browserOrigin(request));
      next.searchParams.set("second_factor", String(gate.rememberDays));
      next.searchParams.set("callbackUrl", callbackPath);
      const response = NextResponse.redirect(next, 303);
      response.cookies.set(SSO_CHALLENGE_COOKIE, gate.challenge, {
        httpOnly: true,
        sameSite: "strict",
        path: SSO_CHALLENGE_PATH,
        secure: config("NEXTAUTH_URL")?.startsWith("https://") ?? false,
        maxAge: 5 * 60,
      });
      return withoutStateCookie(response);
    }
    if (gate.kind === "refused") throw new SsoFailure("SsoFailed", "second_factor_refused");
    const cookie = await ssoSessionCookie(user, request.headers.get("user-agent"), { directoryMfa });
    const response = NextResponse.redirect(new URL(callbackPath, browserOrigin(request)), 303);
    response.cookies.set(cookie.name, cookie.value, cookie.options);
    return withoutStateCookie(response);
  } catch (error) {
    return refusedSignIn(request, error);
  }
}
