// Contract of POST /api/product/create (see lib/http/contract.ts): the original CLI's product creation.
import { ZProduct } from "@/lib/catalog/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { ZCompatCreateProductBody } from "@/lib/compat/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/product/create",
  tag: "Compatibility",
  summary: "Create a product (the original CLI's call)",
  description:
    "The same as POST /api/admin/settings/products (audited, admin only). The CLI sends its whole product struct: id, created_at and updated_at are accepted and ignored.",
  auth: "bearer",
  role: "admin",
  request: ZCompatCreateProductBody,
  response: ZProduct,
  answer: "The product {id, name, description, sla, active, created_at, updated_at, steps, columns}.",
  errors: [400, 401, 403, 413, 415, 429, 500, 503],
});
