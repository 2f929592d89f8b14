// Contract of GET, POST /api/admin/settings/categories (see lib/http/contract.ts).
import { ZCategory, ZCategoryList } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { createCategorySchema } from "@/lib/settings/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/categories",
  tag: "Admin",
  summary: "List status categories with how many statuses use each",
  auth: "bearer",
  role: "admin",
  response: ZCategoryList,
  answer: "The settings objects, as listed in the admin pages.",
  errors: [400, 401, 403, 404, 409],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/categories",
  tag: "Admin",
  summary: "Create a status category",
  auth: "bearer",
  role: "admin",
  request: createCategorySchema,
  response: ZCategory,
  responseStatus: 201,
  answer: "The created object (201).",
  errors: [400, 401, 403, 404, 409],
});
