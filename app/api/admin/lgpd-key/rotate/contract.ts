// Contract of POST /api/admin/lgpd-key/rotate (see lib/http/contract.ts).
import { ZRotatedLgpdKey } from "@/lib/apis/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-key/rotate",
  tag: "Admin",
  summary: "Generate or rotate the LGPD key (shown once)",
  auth: "bearer",
  role: "admin",
  request: noParametersSchema,
  response: ZRotatedLgpdKey,
  answer: "{key, last_chars, …}: the key is shown this once and stored hashed.",
  errors: [400, 401, 403],
});
