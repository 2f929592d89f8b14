// Contract of GET, POST /api/admin/settings/statuses (see lib/http/contract.ts).
import { ZStatus, ZStatusWithCountList } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { createStatusSchema } from "@/lib/settings/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/statuses",
  tag: "Admin",
  summary: "List statuses with transitions and how many documents are in each",
  auth: "bearer",
  role: "admin",
  response: ZStatusWithCountList,
  answer: "The settings objects, as listed in the admin pages.",
  errors: [400, 401, 403, 404, 409],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/statuses",
  tag: "Admin",
  summary: "Create a status",
  auth: "bearer",
  role: "admin",
  request: createStatusSchema,
  response: ZStatus,
  responseStatus: 201,
  answer: "The created object (201).",
  errors: [400, 401, 403, 404, 409],
});
