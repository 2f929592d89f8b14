// GET /sso/start?instance=<slug>[&callbackUrl=/path] — starts the single sign-on of an instance: redirects to its
// directory's login page (OpenID Connect code flow with PKCE, state and nonce). No session needed.
import { NextResponse, type NextRequest } from "next/server";
import { safeCallbackUrl } from "@/lib/auth/safe-callback.ts";
import { startSsoSignIn } from "@/lib/sso/server/start-sso-sign-in.ts";
import { browserOrigin, refusedSignIn, withStateCookie } from "@/lib/sso/server/sso-browser.ts";

export async function GET(request: NextRequest) {
  const origin = browserOrigin(request);
  const query = request.nextUrl.searchParams;
  try {
    const { authorizationUrl, state } = await startSsoSignIn({
      instanceSlug: query.get("instance")?.trim().slice(0, 100) ?? "",
      origin,
      callbackPath: safeCallbackUrl(query.get("callbackUrl"), origin),
    });
    return withStateCookie(NextResponse.redirect(authorizationUrl, 303), state);
  } catch (error) {
    return refusedSignIn(request, error);
  }
}
