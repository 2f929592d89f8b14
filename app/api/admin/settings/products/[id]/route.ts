// GET /api/admin/settings/products/<id> — one product with steps and columns. Auth: admin.
// PATCH /api/admin/settings/products/<id> — name, description, sla, active. Auth: admin.
// DELETE /api/admin/settings/products/<id> — 409 while it has documents (deactivate instead). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteProduct } from "@/lib/settings/server/delete-product.ts";
import { getProduct } from "@/lib/settings/server/get-product.ts";
import { updateProduct } from "@/lib/settings/server/update-product.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => getProduct(ctx, { id: ctx.params.id }));

export const PATCH = apiRoute(contract.PATCH, async (ctx) =>
  updateProduct(ctx, { id: ctx.params.id, changes: ctx.body }),
);

export const DELETE = apiRoute(contract.DELETE, async (ctx) => deleteProduct(ctx, { id: ctx.params.id }));
