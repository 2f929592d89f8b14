// Contract of POST /api/documents/filter-options (see lib/http/contract.ts).
import { ZFilterOptions } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/filter-options",
  tag: "Staff",
  summary: "Categories, statuses, products (with columns) and modalities for the list's filter bar, in one call",
  auth: "bearer",
  role: "viewer",
  request: noParametersSchema,
  response: ZFilterOptions,
  answer: "{categories, statuses, products, modalities}.",
  errors: [400, 401, 403],
});
