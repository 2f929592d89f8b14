// What the two browser legs of the single sign-on share: the state cookie (this browser started this attempt), and
// the redirects back to the sign-in page with a code the page translates. The legs are plain route handlers (they
// answer redirects, not JSON) under /sso, outside the JSON API's contracts.
import "server-only";
import { NextResponse } from "next/server";
import { config } from "../../config/index.ts";
import { publicOrigin } from "../../http/public-origin.ts";
import { SSO_ATTEMPT_SECONDS } from "./start-sso-sign-in.ts";
import { SsoFailure } from "./sso-failure.ts";
import { log } from "../../log.ts";

export const SSO_STATE_COOKIE = "docflow-sso-state";

const secureCookies = () => config("NEXTAUTH_URL")?.startsWith("https://") ?? false;

/** The app's origin as the browser reached it (redirect URIs and the final redirect are built on it). */
export function browserOrigin(request: Request): string {
  return publicOrigin(request);
}

export function withStateCookie(response: NextResponse, state: string): NextResponse {
  response.cookies.set(SSO_STATE_COOKIE, state, {
    httpOnly: true,
    sameSite: "lax",
    path: "/sso",
    secure: secureCookies(),
    maxAge: SSO_ATTEMPT_SECONDS,
  });
  return response;
}

export function withoutStateCookie(response: NextResponse): NextResponse {
  response.cookies.set(SSO_STATE_COOKIE, "", { httpOnly: true, sameSite: "lax", path: "/sso", maxAge: 0 });
  return response;
}

/** Back to the sign-in page with the refusal's code; anything unexpected is logged and shown as a failure. */
export function refusedSignIn(request: Request, error: unknown): NextResponse {
  const failure =
    error instanceof SsoFailure ? error : new SsoFailure("SsoFailed", error instanceof Error ? error.name : "unknown");
  if (!(error instanceof SsoFailure)) log.error("sso.unexpected", { error: failure.reason });
  else log.info("sso.refused", { reason: failure.reason });
  const url = new URL("/signin", browserOrigin(request));
  url.searchParams.set("error", failure.code);
  return withoutStateCookie(NextResponse.redirect(url, 303));
}
