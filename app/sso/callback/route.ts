// GET /sso/callback?code&state — the directory's return: checks the state (this browser's, unused), trades the
// code, verifies the ID token, provisions the account and opens the same session a password sign-in opens.
import { NextResponse, type NextRequest } from "next/server";
import { finishSsoSignIn } from "@/lib/sso/server/finish-sso-sign-in.ts";
import { ssoSessionCookie } from "@/lib/sso/server/sso-session.ts";
import { browserOrigin, refusedSignIn, SSO_STATE_COOKIE, withoutStateCookie } from "@/lib/sso/server/sso-browser.ts";

export async function GET(request: NextRequest) {
  try {
    const { user, callbackPath } = await finishSsoSignIn({
      query: request.nextUrl.searchParams,
      browserState: request.cookies.get(SSO_STATE_COOKIE)?.value ?? null,
    });
    const cookie = await ssoSessionCookie(user, request.headers.get("user-agent"));
    const response = NextResponse.redirect(new URL(callbackPath, browserOrigin(request)), 303);
    response.cookies.set(cookie.name, cookie.value, cookie.options);
    return withoutStateCookie(response);
  } catch (error) {
    return refusedSignIn(request, error);
  }
}
