// POST /api/product/loadAll — the instance's products with steps and columns. Auth: bearer or session (viewer+).
import { loadAllProducts } from "@/lib/catalog/server/load-all-products.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => loadAllProducts(ctx));
