// GET /api/admin/settings/products — products with steps, columns and document counts. Auth: admin.
// POST /api/admin/settings/products — create one. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createProduct, listProducts } from "@/lib/settings/server/products.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => listProducts(actor.instanceId));

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  Response.json(await createProduct(actor, body), { status: 201 }),
);
