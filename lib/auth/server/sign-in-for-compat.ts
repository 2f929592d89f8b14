import "server-only";
import { AppError } from "../../errors/app-error.ts";
import type { SignInContext } from "../use-case-context.ts";
import { signInReusingToken } from "./sign-in-reuse.ts";

/**
 * The original service's sign-in (POST /api/cognito/user/signIn): `{token, expiration}` with the expiration in Unix
 * epoch seconds, as its clients read it. A remembered live token is handed out again (./sign-in-reuse.ts); a wrong
 * e-mail or password is `unauthenticated` (401), a locked e-mail or address `throttled` with its retry time (429, the
 * same text as POST /api/auth/token). `beforePasswordWork` is the caller's flood brake, run only before a real
 * password check (the route's per-address rate limit).
 */
export async function signInForCompat(
  ctx: SignInContext,
  input: { email: string; password: string; beforePasswordWork: () => void | Promise<void> },
): Promise<{ token: string; expiration: number }> {
  const result = await signInReusingToken({ ...input, clientIp: ctx.address });
  if (result.ok) return { token: result.token, expiration: Math.floor(result.expiration.getTime() / 1000) };
  if (result.reason === "throttled") {
    throw new AppError("throttled", "Too many failed sign-ins, try again later", {
      retryAfterSeconds: result.retryAfterSeconds ?? 60,
    });
  }
  throw new AppError("unauthenticated", "Invalid e-mail or password");
}
