// GET /api/admin/settings/categories — status categories with how many statuses use each. Auth: admin.
// POST /api/admin/settings/categories — create one. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createCategory, listCategories } from "@/lib/settings/server/categories.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => listCategories(actor.instanceId));

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  Response.json(await createCategory(actor, body), { status: 201 }),
);
