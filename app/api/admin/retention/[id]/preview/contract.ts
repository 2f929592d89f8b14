// Contract of GET /api/admin/retention/{id}/preview (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZRetentionPreview } from "@/lib/retention/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/retention/{id}/preview",
  tag: "Admin",
  summary: "What a retention rule would take now: counts per product and status, and the cutoff (no personal data)",
  auth: "bearer",
  params: { id: idParam("Retention rule not found") },
  role: "admin",
  response: ZRetentionPreview,
  answer: "{rule_id, cutoff, total, run_cap, groups: [{product_id, product_name, status_id, status_name, count}]}",
  errors: [401, 403, 404],
});
