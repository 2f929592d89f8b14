// GET /api/admin/settings/products — products with steps, columns and document counts. Auth: admin.
// POST /api/admin/settings/products — create one. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createProduct } from "@/lib/settings/server/create-product.ts";
import { listProducts } from "@/lib/settings/server/list-products.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => listProducts(ctx));

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await createProduct(ctx, ctx.body), { status: 201 }),
);
