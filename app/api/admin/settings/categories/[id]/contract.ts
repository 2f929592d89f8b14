// Contract of PATCH, DELETE /api/admin/settings/categories/{id} (see lib/http/contract.ts).
import { ZCategory, ZDeleted } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { updateCategorySchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const PATCH = defineContract({
  method: "PATCH",
  path: "/admin/settings/categories/{id}",
  tag: "Admin",
  summary: "Change a category's key, label, kind or order",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: updateCategorySchema,
  response: ZCategory,
  answer: "The changed object.",
  errors: [400, 401, 403, 404, 409],
});

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/categories/{id}",
  tag: "Admin",
  summary: "Delete a category (409 while statuses use it)",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  response: ZDeleted,
  answer: "{deleted: true, id}.",
  errors: [400, 401, 403, 404, 409],
});
