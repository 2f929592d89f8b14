// Contract of POST /api/status/loadStatusTransition (see lib/http/contract.ts): the original SDK's status.loadTransition.
import { ZStatusList } from "@/lib/catalog/answers.ts";
import { ZCompatStatusTransitionBody } from "@/lib/compat/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/status/loadStatusTransition",
  tag: "Compatibility",
  summary: "Statuses and their allowed transitions (the original SDK's status.loadTransition)",
  description:
    "Statuses are shared by every product of the instance, so this answers the instance's statuses whatever products are named; a product id that is not the instance's answers 404.",
  auth: "bearer",
  role: "viewer",
  emptyBodyIsObject: true,
  request: ZCompatStatusTransitionBody,
  response: ZStatusList,
  answer:
    "Array of statuses {id, name, description, category, category_label, sla, text_color, bg_color, order, step_id, allowed_status_ids} — allowed_status_ids empty means the status may move anywhere.",
  errors: [400, 401, 403, 404, 413, 415, 429, 500, 503],
});
