// POST /api/cognito/user/signIn — the original service's sign-in: {email, password} → {token, expiration (epoch s)}.
// No auth. Brakes: the sign-in throttle (verifyCredentials) and, for real password checks, 60 a minute per address.
import { signInReusingToken } from "@/lib/auth/server/sign-in-reuse.ts";
import { SIGN_IN_CHECKS_PER_MINUTE } from "@/lib/auth/server/sign-in-throttle.ts";
import { ApiError, unauthorized } from "@/lib/http/errors.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { enforceRateLimit } from "@/lib/http/server/rate-limit.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ body, address }) => {
  const result = await signInReusingToken({
    ...body,
    clientIp: address,
    // The same bucket as /api/auth/token: password checks from one address are braked once, whichever route.
    beforePasswordWork: () => enforceRateLimit(`auth-token:${address ?? "unknown"}`, SIGN_IN_CHECKS_PER_MINUTE),
  });
  if (result.ok) return { token: result.token, expiration: Math.floor(result.expiration.getTime() / 1000) };
  if (result.reason === "throttled") {
    throw new ApiError("TooManyRequests", "Too many failed sign-ins, try again later", {
      headers: { "retry-after": String(result.retryAfterSeconds ?? 60) },
    });
  }
  throw unauthorized("Invalid e-mail or password");
});
