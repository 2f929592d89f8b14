// PATCH /api/admin/settings/products/<id>/columns/<columnId> — key, label, type, order. Auth: admin.
// DELETE /api/admin/settings/products/<id>/columns/<columnId> — values stay in documents. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteColumn, updateColumn } from "@/lib/settings/server/products.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async ({ actor, body, params }) =>
  updateColumn(actor, params.id, params.columnId, body),
);

export const DELETE = apiRoute(contract.DELETE, async ({ actor, params }) =>
  deleteColumn(actor, params.id, params.columnId),
);
