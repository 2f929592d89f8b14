// POST /api/product/create — the original CLI's product creation. Auth: bearer or session (admin).
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createProduct } from "@/lib/settings/server/create-product.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => createProduct(ctx, ctx.body));
