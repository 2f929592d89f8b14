// GET /api/admin/settings/categories — status categories with how many statuses use each. Auth: admin.
// POST /api/admin/settings/categories — create one. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createCategory } from "@/lib/settings/server/create-category.ts";
import { listCategories } from "@/lib/settings/server/list-categories.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => listCategories(ctx));

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await createCategory(ctx, ctx.body), { status: 201 }),
);
