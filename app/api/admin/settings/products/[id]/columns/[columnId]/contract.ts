// Contract of PATCH, DELETE /api/admin/settings/products/{id}/columns/{columnId} (see lib/http/contract.ts).
import { ZColumn, ZDeleted } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { updateColumnSchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const PATCH = defineContract({
  method: "PATCH",
  path: "/admin/settings/products/{id}/columns/{columnId}",
  tag: "Admin",
  summary: "Change a column's key, label, type or order",
  auth: "bearer",
  params: { id: idParam(), columnId: idParam() },
  role: "admin",
  request: updateColumnSchema,
  response: ZColumn,
  answer: "The changed object.",
  errors: [400, 401, 403, 404, 409],
});

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/products/{id}/columns/{columnId}",
  tag: "Admin",
  summary: "Remove a column (values stay in documents)",
  auth: "bearer",
  params: { id: idParam(), columnId: idParam() },
  role: "admin",
  response: ZDeleted,
  answer: "{deleted: true, id}.",
  errors: [400, 401, 403, 404, 409],
});
