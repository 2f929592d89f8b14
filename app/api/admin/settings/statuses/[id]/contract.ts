// Contract of PATCH, DELETE /api/admin/settings/statuses/{id} (see lib/http/contract.ts).
import { ZDeleted, ZStatus } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { updateStatusSchema } from "@/lib/settings/schemas.ts";

export const PATCH = defineContract({
  method: "PATCH",
  path: "/admin/settings/statuses/{id}",
  tag: "Admin",
  summary: "Change a status; allowed_status_ids replaces its transitions",
  auth: "bearer",
  role: "admin",
  request: updateStatusSchema,
  response: ZStatus,
  answer: "The changed object.",
  errors: [400, 401, 403, 404, 409],
});

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/statuses/{id}",
  tag: "Admin",
  summary: "Delete a status (409 while documents are in it)",
  auth: "bearer",
  role: "admin",
  response: ZDeleted,
  answer: "{deleted: true, id}.",
  errors: [400, 401, 403, 404, 409],
});
