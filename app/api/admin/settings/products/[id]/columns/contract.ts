// Contract of POST /api/admin/settings/products/{id}/columns (see lib/http/contract.ts).
import { ZColumn } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { createColumnSchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/products/{id}/columns",
  tag: "Admin",
  summary: "Add a typed filled_columns key to a product",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: createColumnSchema,
  response: ZColumn,
  responseStatus: 201,
  answer: "The created object (201).",
  errors: [400, 401, 403, 404, 409],
});
