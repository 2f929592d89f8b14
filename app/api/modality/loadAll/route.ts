// POST /api/modality/loadAll — the instance's modalities with their SLA calendars. Auth: viewer+.
import { loadAllModalities } from "@/lib/catalog/load-all.ts";
import { emptyBodySchema } from "@/lib/documents/schemas.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "viewer",
  body: emptyBodySchema,
  handler: async ({ actor }) => loadAllModalities(actor.instanceId),
});
