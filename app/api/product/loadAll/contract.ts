// Contract of POST /api/product/loadAll (see lib/http/contract.ts).
import { ZProductList } from "@/lib/catalog/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { emptyBodySchema } from "@/lib/documents/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/product/loadAll",
  tag: "Catalog",
  summary: "The instance's products with steps and columns",
  auth: "bearer",
  role: "viewer",
  emptyBodyIsObject: true,
  request: emptyBodySchema,
  response: ZProductList,
  answer: "Array of products {id, name, description, sla, active, steps[], columns[]}.",
  errors: [400, 401, 403, 413, 415, 429, 500, 503],
});
