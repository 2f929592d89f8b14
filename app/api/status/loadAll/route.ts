// POST /api/status/loadAll — the instance's statuses with category and allowed transitions. Auth: viewer+.
import { loadAllStatuses } from "@/lib/catalog/load-all.ts";
import { emptyBodySchema } from "@/lib/documents/schemas.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "viewer",
  body: emptyBodySchema,
  handler: async ({ actor }) => loadAllStatuses(actor.instanceId),
});
