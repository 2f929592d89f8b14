// Contract of POST /api/admin/retention/{id}/activate (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZRetentionActivateBody, ZRetentionRule } from "@/lib/retention/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/retention/{id}/activate",
  tag: "Admin",
  summary: "Activate a retention rule, confirming the count its preview showed; audited",
  description:
    "`confirm_count` must equal what the rule would take now; otherwise 409 `retention_count_changed` with the count.",
  auth: "bearer",
  params: { id: idParam("Retention rule not found") },
  role: "admin",
  request: ZRetentionActivateBody,
  response: ZRetentionRule,
  answer: "The rule, active, with next_run_at.",
  errors: [400, 401, 403, 404, 409],
});
