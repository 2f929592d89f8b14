// Contract of POST /api/status/loadAll (see lib/http/contract.ts).
import { ZStatusList } from "@/lib/catalog/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { emptyBodySchema } from "@/lib/documents/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/status/loadAll",
  tag: "Catalog",
  summary: "The instance's statuses",
  auth: "bearer",
  role: "viewer",
  request: emptyBodySchema,
  response: ZStatusList,
  answer:
    "Array of statuses {id, name, description, category, category_label, sla, text_color, bg_color, order, step_id, allowed_status_ids}.",
  errors: [400, 401, 403, 413, 415, 429, 500, 503],
});
