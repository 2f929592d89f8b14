// Contract of POST /api/admin/settings/users/{id}/second-factor/reset (see lib/http/contract.ts).
import { ZOkAnswer } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/users/{id}/second-factor/reset",
  tag: "Admin",
  summary: "Remove a user's second factor (a lost phone): their recovery codes and sessions end too",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: noParametersSchema,
  response: ZOkAnswer,
  answer: '`{"status":"ok"}`; 409 when the user has no factor.',
  errors: [400, 401, 403, 404, 409],
});
