// GET /api/admin/settings/categories — status categories with how many statuses use each. Auth: admin.
// POST /api/admin/settings/categories — create one. Auth: admin.
import { apiRoute } from "@/lib/http/api-route.ts";
import { createCategory, listCategories } from "@/lib/settings/categories.ts";
import { createCategorySchema } from "@/lib/settings/schemas.ts";

export const GET = apiRoute({ role: "admin", handler: async ({ actor }) => listCategories(actor.instanceId) });

export const POST = apiRoute({
  role: "admin",
  body: createCategorySchema,
  handler: async ({ actor, body }) => Response.json(await createCategory(actor, body), { status: 201 }),
});
