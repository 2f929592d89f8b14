// Contract of GET, POST /api/admin/settings/products (see lib/http/contract.ts).
import { ZProduct, ZProductWithCountList } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { createProductSchema } from "@/lib/settings/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/products",
  tag: "Admin",
  summary: "List products with steps, columns and document counts",
  auth: "bearer",
  role: "admin",
  response: ZProductWithCountList,
  answer: "The settings objects, as listed in the admin pages.",
  errors: [400, 401, 403, 404, 409],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/products",
  tag: "Admin",
  summary: "Create a product",
  auth: "bearer",
  role: "admin",
  request: createProductSchema,
  response: ZProduct,
  responseStatus: 201,
  answer: "The created object (201).",
  errors: [400, 401, 403, 404, 409],
});
