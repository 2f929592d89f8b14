// PATCH /api/admin/settings/categories/<id> — change key, label, kind or order. Auth: admin.
// DELETE /api/admin/settings/categories/<id> — 409 while statuses use it. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteCategory } from "@/lib/settings/server/delete-category.ts";
import { updateCategory } from "@/lib/settings/server/update-category.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async (ctx) =>
  updateCategory(ctx, { id: ctx.params.id, changes: ctx.body }),
);

export const DELETE = apiRoute(contract.DELETE, async (ctx) => deleteCategory(ctx, { id: ctx.params.id }));
