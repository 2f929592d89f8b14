// Contract of POST /api/auth/token (see lib/http/contract.ts).
import { ZAuthTokenAnswer } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { authTokenSchema } from "@/lib/auth/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/auth/token",
  tag: "Auth",
  summary: "Sign in as a staff user and get a short-lived bearer token",
  description:
    "No Authorization header: send a staff user's e-mail and password. The token acts as that user (their instance and current role) until `expiration` (AUTH_TOKEN_TTL_MINUTES, default 60), and stops working when the user is disabled. Wrong password, unknown e-mail and disabled user all answer the same 401. Failed attempts are throttled per e-mail (5 in 15 minutes) and per client address (20): then 429 with Retry-After, for 1 minute doubling up to 1 hour.",
  auth: "none",
  request: authTokenSchema,
  response: ZAuthTokenAnswer,
  answer: "The token and when it expires (ISO-8601, UTC).",
  example: { token: "dft_Xb2…", expiration: "2026-11-23T13:00:00.000Z" },
  errors: [400, 401, 413, 415, 429, 500],
});
