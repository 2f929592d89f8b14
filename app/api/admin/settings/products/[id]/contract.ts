// Contract of GET, PATCH, DELETE /api/admin/settings/products/{id} (see lib/http/contract.ts).
import { ZDeleted, ZProduct, ZProductWithCount } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { updateProductSchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/products/{id}",
  tag: "Admin",
  summary: "One product with steps and columns",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  response: ZProductWithCount,
  answer: "The settings objects, as listed in the admin pages.",
  errors: [400, 401, 403, 404, 409],
});

export const PATCH = defineContract({
  method: "PATCH",
  path: "/admin/settings/products/{id}",
  tag: "Admin",
  summary: "Change a product's name, description, default SLA or active flag",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: updateProductSchema,
  response: ZProduct,
  answer: "The changed object.",
  errors: [400, 401, 403, 404, 409],
});

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/products/{id}",
  tag: "Admin",
  summary: "Delete a product (409 while it has documents: deactivate it instead)",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  response: ZDeleted,
  answer: "{deleted: true, id}.",
  errors: [400, 401, 403, 404, 409],
});
