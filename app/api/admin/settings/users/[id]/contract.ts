// Contract of PATCH /api/admin/settings/users/{id} (see lib/http/contract.ts).
import { ZUser } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { updateUserSchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const PATCH = defineContract({
  method: "PATCH",
  path: "/admin/settings/users/{id}",
  tag: "Admin",
  summary: "Change a user's name, role or disabled flag (an admin cannot disable or demote themselves)",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: updateUserSchema,
  response: ZUser,
  answer: "The changed object.",
  errors: [400, 401, 403, 404, 409],
});
