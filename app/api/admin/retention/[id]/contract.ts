// Contract of DELETE /api/admin/retention/{id} (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZRetentionDeleted } from "@/lib/retention/schemas.ts";

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/retention/{id}",
  tag: "Admin",
  summary: "Delete a retention rule and its run records (the audit trail keeps them); audited",
  auth: "bearer",
  params: { id: idParam("Retention rule not found") },
  role: "admin",
  response: ZRetentionDeleted,
  answer: "{deleted: true, id}",
  errors: [401, 403, 404],
});
