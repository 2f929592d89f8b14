// Contract of POST /api/admin/retention/{id}/run (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";
import { ZRetentionRule } from "@/lib/retention/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/retention/{id}/run",
  tag: "Admin",
  summary:
    "Run an active retention rule now instead of at the next run hour (the worker takes it at its next poll); audited",
  auth: "bearer",
  params: { id: idParam("Retention rule not found") },
  role: "admin",
  request: noParametersSchema,
  response: ZRetentionRule,
  answer: "The rule, with next_run_at now.",
  errors: [400, 401, 403, 404, 409],
});
