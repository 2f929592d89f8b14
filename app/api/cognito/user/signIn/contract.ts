// Contract of POST /api/cognito/user/signIn (see lib/http/contract.ts): the original service's sign-in.
import { authTokenSchema } from "@/lib/auth/schemas.ts";
import { ZCompatSignInAnswer } from "@/lib/compat/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/cognito/user/signIn",
  tag: "Compatibility",
  summary: "Sign in as the original service's clients do (expiration in epoch seconds)",
  description:
    "The original's SDK and CLI sign in before every call. Same credentials, token and brakes as POST /api/auth/token " +
    "(failed attempts: 5 per e-mail and 20 per address in 15 minutes, then 429 with Retry-After; 60 password checks a " +
    "minute per address), but `expiration` is a number (Unix epoch seconds), and a repeat of a sign-in that succeeded " +
    "in the last 5 minutes (SIGN_IN_REUSE_SECONDS) gets the same live token back without a new password hash — as long " +
    "as the user's password, role and status did not change.",
  auth: "none",
  // As many as the API allows one token (100/s): clients sign in before every call. Password checks have their own
  // brake in the route (60 a minute per address, shared with /api/auth/token).
  addressRateLimit: { bucket: "compat-sign-in", perMinute: 6000, caller: "sign-in" },
  request: authTokenSchema,
  requestLimitBytes: 16_384,
  response: ZCompatSignInAnswer,
  answer: "The token and when it expires, in Unix epoch seconds.",
  example: { token: "dft_Xb2…", expiration: 1795600800 },
  errors: [400, 401, 413, 415, 429, 500, 503],
});
