// Contract of POST /api/account/second-factor/forget-devices (see lib/http/contract.ts).
import { ZOkAnswer } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";

export const POST = defineContract({
  method: "POST",
  path: "/account/second-factor/forget-devices",
  tag: "Staff",
  summary: "Forget every remembered browser: each asks for the code at its next sign-in",
  auth: "bearer",
  role: "viewer",
  request: noParametersSchema,
  response: ZOkAnswer,
  answer: '`{"status":"ok"}`.',
  errors: [400, 401, 403],
});
