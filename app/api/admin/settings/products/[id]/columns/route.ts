// POST /api/admin/settings/products/<id>/columns — add a typed filled_columns key. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createColumn } from "@/lib/settings/server/products.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, params }) =>
  Response.json(await createColumn(actor, params.id, body), { status: 201 }),
);
