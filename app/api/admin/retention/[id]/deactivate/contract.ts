// Contract of POST /api/admin/retention/{id}/deactivate (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";
import { ZRetentionRule } from "@/lib/retention/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/retention/{id}/deactivate",
  tag: "Admin",
  summary: "Deactivate a retention rule (a run in progress stops at its next batch); audited",
  auth: "bearer",
  params: { id: idParam("Retention rule not found") },
  role: "admin",
  request: noParametersSchema,
  response: ZRetentionRule,
  answer: "The rule, inactive.",
  errors: [400, 401, 403, 404],
});
