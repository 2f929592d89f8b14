// GET /api/admin/settings/statuses — statuses with transitions and how many documents are in each. Auth: admin.
// POST /api/admin/settings/statuses — create one (with its allowed transitions). Auth: admin.
import { apiRoute } from "@/lib/http/api-route.ts";
import { createStatusSchema } from "@/lib/settings/schemas.ts";
import { createStatus, listStatuses } from "@/lib/settings/statuses.ts";

export const GET = apiRoute({ role: "admin", handler: async ({ actor }) => listStatuses(actor.instanceId) });

export const POST = apiRoute({
  role: "admin",
  body: createStatusSchema,
  handler: async ({ actor, body }) => Response.json(await createStatus(actor, body), { status: 201 }),
});
