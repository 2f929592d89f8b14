// Contract of PATCH, DELETE /api/admin/settings/statuses/{id} (see lib/http/contract.ts).
import { ZDeleted, ZStatusSettings } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { deleteStatusQuerySchema, updateStatusSchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const PATCH = defineContract({
  method: "PATCH",
  path: "/admin/settings/statuses/{id}",
  tag: "Admin",
  summary: "Change a status; allowed_status_ids replaces its transitions",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: updateStatusSchema,
  response: ZStatusSettings,
  answer: "The changed object.",
  errors: [400, 401, 403, 404, 409],
});

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/statuses/{id}",
  tag: "Admin",
  summary: "Delete a status; with ?move_to=<status id> its documents move there first, in the same transaction",
  auth: "bearer",
  params: { id: idParam() },
  query: deleteStatusQuerySchema,
  role: "admin",
  response: ZDeleted,
  answer: "{deleted: true, id}; 409 while documents are in it and no move_to is given.",
  errors: [400, 401, 403, 404, 409],
});
