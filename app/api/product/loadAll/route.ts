// POST /api/product/loadAll — the instance's products with steps and columns. Auth: bearer or session (viewer+).
import { loadAllProducts } from "@/lib/catalog/load-all.ts";
import { emptyBodySchema } from "@/lib/documents/schemas.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "viewer",
  body: emptyBodySchema,
  handler: async ({ actor }) => loadAllProducts(actor.instanceId),
});
