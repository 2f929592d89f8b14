// Contract of POST /api/account/password (see lib/http/contract.ts).
import { changePasswordSchema, ZOkAnswer } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/account/password",
  tag: "Staff",
  summary: "Change one's own password, given the current one",
  description:
    "A wrong current password is 400 (field current_password, code wrong_password) and counts as a failed sign-in " +
    "of the account; the new one needs 12 characters or more and is refused when common or easy to guess " +
    "(password_weak). This browser stays signed in; the account's other sessions and sign-in tokens end.",
  auth: "bearer",
  role: "viewer",
  request: changePasswordSchema,
  response: ZOkAnswer,
  answer: '{"status":"ok"}.',
  errors: [400, 401, 403, 429],
});
