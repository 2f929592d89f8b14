// Contract of PATCH, DELETE /api/admin/settings/products/{id}/steps/{stepId} (see lib/http/contract.ts).
import { ZDeleted, ZStep } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { updateStepSchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const PATCH = defineContract({
  method: "PATCH",
  path: "/admin/settings/products/{id}/steps/{stepId}",
  tag: "Admin",
  summary: "Rename or reorder a step",
  auth: "bearer",
  params: { id: idParam(), stepId: idParam() },
  role: "admin",
  request: updateStepSchema,
  response: ZStep,
  answer: "The changed object.",
  errors: [400, 401, 403, 404, 409],
});

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/products/{id}/steps/{stepId}",
  tag: "Admin",
  summary: "Delete a step (its statuses are left without a step)",
  auth: "bearer",
  params: { id: idParam(), stepId: idParam() },
  role: "admin",
  response: ZDeleted,
  answer: "{deleted: true, id}.",
  errors: [400, 401, 403, 404, 409],
});
