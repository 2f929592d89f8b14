// Contract of GET, POST /api/admin/settings/users (see lib/http/contract.ts).
import { ZUserList, ZUserWithPassword } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { createUserSchema } from "@/lib/settings/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/users",
  tag: "Admin",
  summary: "List the instance's staff users (no password data)",
  auth: "bearer",
  role: "admin",
  response: ZUserList,
  answer: "The settings objects, as listed in the admin pages.",
  errors: [400, 401, 403, 404, 409],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/users",
  tag: "Admin",
  summary: "Create a user; without a password one is generated and answered once",
  auth: "bearer",
  role: "admin",
  request: createUserSchema,
  response: ZUserWithPassword,
  responseStatus: 201,
  answer: "The created object (201).",
  errors: [400, 401, 403, 404, 409],
});
