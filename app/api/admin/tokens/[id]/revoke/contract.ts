// Contract of POST /api/admin/tokens/{id}/revoke (see lib/http/contract.ts).
import { ZApiToken } from "@/lib/apis/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/admin/tokens/{id}/revoke",
  tag: "Admin",
  summary: "Revoke a document-API token",
  auth: "bearer",
  params: { id: idParam("Token not found") },
  role: "admin",
  request: noParametersSchema,
  response: ZApiToken,
  answer: "The revoked token.",
  errors: [400, 401, 403, 404],
});
