// POST /api/cognito/user/signIn — the original service's sign-in: {email, password} → {token, expiration (epoch s)}.
// No auth. Brakes: the sign-in throttle (verifyCredentials) and, for real password checks, 60 a minute per address.
import { signInForCompat } from "@/lib/auth/server/sign-in-for-compat.ts";
import { SIGN_IN_CHECKS_PER_MINUTE } from "@/lib/auth/server/sign-in-throttle.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { enforceRateLimit } from "@/lib/http/server/rate-limit.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  signInForCompat(ctx, {
    ...ctx.body,
    // The same bucket as /api/auth/token: password checks from one address are braked once, whichever route.
    beforePasswordWork: () => enforceRateLimit(`auth-token:${ctx.address ?? "unknown"}`, SIGN_IN_CHECKS_PER_MINUTE),
  }),
);
