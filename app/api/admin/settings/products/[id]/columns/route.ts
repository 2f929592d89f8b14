// POST /api/admin/settings/products/<id>/columns — add a typed filled_columns key. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createColumn } from "@/lib/settings/server/create-column.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await createColumn(ctx, { productId: ctx.params.id, column: ctx.body }), { status: 201 }),
);
