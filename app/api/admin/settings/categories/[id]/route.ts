// PATCH /api/admin/settings/categories/<id> — change key, label, kind or order. Auth: admin.
// DELETE /api/admin/settings/categories/<id> — 409 while statuses use it. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteCategory, updateCategory } from "@/lib/settings/server/categories.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async ({ actor, body, params }) =>
  updateCategory(actor, params.id, body),
);

export const DELETE = apiRoute(contract.DELETE, async ({ actor, params }) => deleteCategory(actor, params.id));
