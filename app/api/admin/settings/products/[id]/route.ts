// GET /api/admin/settings/products/<id> — one product with steps and columns. Auth: admin.
// PATCH /api/admin/settings/products/<id> — name, description, sla, active. Auth: admin.
// DELETE /api/admin/settings/products/<id> — 409 while it has documents (deactivate instead). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteProduct, getProduct, updateProduct } from "@/lib/settings/server/products.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor, params }) => getProduct(actor.instanceId, params.id));

export const PATCH = apiRoute(contract.PATCH, async ({ actor, body, params }) => updateProduct(actor, params.id, body));

export const DELETE = apiRoute(contract.DELETE, async ({ actor, params }) => deleteProduct(actor, params.id));
