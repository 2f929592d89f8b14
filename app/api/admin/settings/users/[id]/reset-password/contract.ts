// Contract of POST /api/admin/settings/users/{id}/reset-password (see lib/http/contract.ts).
import { ZUserWithPassword } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/users/{id}/reset-password",
  tag: "Admin",
  summary: "Reset a user's password: a new one is answered once and their sessions end",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: noParametersSchema,
  response: ZUserWithPassword,
  answer: "The changed object.",
  errors: [400, 401, 403, 404, 409],
});
