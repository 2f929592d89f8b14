// Contract of POST /api/auth/password-reset/confirm (see lib/http/contract.ts): the reset link's new password.
import { passwordResetConfirmSchema, ZOkAnswer } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/auth/password-reset/confirm",
  tag: "Auth",
  summary: "Set a new password with a reset link's token",
  description:
    "No authentication: the token from the e-mailed link. The password needs 12 characters or more and is refused " +
    "when common or easy to guess (code password_weak). A used, expired or unknown token is 400 reset_link_invalid. " +
    "Every session and sign-in token of the account ends.",
  auth: "none",
  addressRateLimit: { bucket: "password-reset", perMinute: 30, caller: "sign-in" },
  requestLimitBytes: 16_384,
  request: passwordResetConfirmSchema,
  response: ZOkAnswer,
  answer: '{"status":"ok"}.',
  errors: [400, 413, 415, 429, 500],
});
