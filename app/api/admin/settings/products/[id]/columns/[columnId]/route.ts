// PATCH /api/admin/settings/products/<id>/columns/<columnId> — key, label, type, order. Auth: admin.
// DELETE /api/admin/settings/products/<id>/columns/<columnId> — values stay in documents. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteColumn } from "@/lib/settings/server/delete-column.ts";
import { updateColumn } from "@/lib/settings/server/update-column.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async (ctx) =>
  updateColumn(ctx, { productId: ctx.params.id, id: ctx.params.columnId, changes: ctx.body }),
);

export const DELETE = apiRoute(contract.DELETE, async (ctx) =>
  deleteColumn(ctx, { productId: ctx.params.id, id: ctx.params.columnId }),
);
