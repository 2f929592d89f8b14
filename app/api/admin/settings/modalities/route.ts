// GET /api/admin/settings/modalities — modalities with calendars, holidays and document counts. Auth: admin.
// POST /api/admin/settings/modalities — create one (optionally with a calendar). Auth: admin.
import { apiRoute } from "@/lib/http/api-route.ts";
import { createModality, listModalities } from "@/lib/settings/modalities.ts";
import { createModalitySchema } from "@/lib/settings/schemas.ts";

export const GET = apiRoute({ role: "admin", handler: async ({ actor }) => listModalities(actor.instanceId) });

export const POST = apiRoute({
  role: "admin",
  body: createModalitySchema,
  handler: async ({ actor, body }) => Response.json(await createModality(actor, body), { status: 201 }),
});
