// Contract of POST /api/admin/settings/products/{id}/steps (see lib/http/contract.ts).
import { ZStep } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { createStepSchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/products/{id}/steps",
  tag: "Admin",
  summary: "Add a step to a product's flow",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: createStepSchema,
  response: ZStep,
  responseStatus: 201,
  answer: "The created object (201).",
  errors: [400, 401, 403, 404, 409],
});
