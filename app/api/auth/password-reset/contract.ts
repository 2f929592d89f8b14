// Contract of POST /api/auth/password-reset (see lib/http/contract.ts): "Esqueci minha senha".
import { passwordResetRequestSchema, ZOkAnswer } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/auth/password-reset",
  tag: "Auth",
  summary: "Ask for a password reset link by e-mail",
  description:
    "No authentication. When the e-mail names an enabled account, a single-use link valid for 30 minutes is sent to " +
    "it; the answer is the same whether or not the address exists. Braked like the sign-in: 3 links per e-mail and 20 " +
    "requests per address in 15 minutes (then 429 with Retry-After for the address; the e-mail just gets no more links).",
  auth: "none",
  addressRateLimit: { bucket: "password-reset", perMinute: 30, caller: "sign-in" },
  requestLimitBytes: 16_384,
  request: passwordResetRequestSchema,
  response: ZOkAnswer,
  answer: '{"status":"ok"}, always.',
  errors: [400, 413, 415, 429, 500],
});
