// Contract of POST /api/account/sessions/end-others (see lib/http/contract.ts): "Sair das outras sessões".
import { z } from "zod";
import { defineContract } from "@/lib/http/contract.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";

export const POST = defineContract({
  method: "POST",
  path: "/account/sessions/end-others",
  tag: "Staff",
  summary: "Sign out every other session of one's account",
  auth: "bearer",
  role: "viewer",
  request: noParametersSchema,
  response: z.strictObject({ ended: z.int() }),
  answer: "How many sessions ended.",
  errors: [400, 401, 403],
});
