// GET /api/admin/settings/modalities/<id> — one modality with its calendar and holidays. Auth: admin.
// PATCH /api/admin/settings/modalities/<id> — identifier, time_zone, working_hours (null = plain hours). Auth: admin.
// DELETE /api/admin/settings/modalities/<id> — 409 while documents use it. Auth: admin.
import { apiRoute } from "@/lib/http/api-route.ts";
import { deleteModality, getModality, updateModality } from "@/lib/settings/modalities.ts";
import { idParam } from "@/lib/settings/route-params.ts";
import { updateModalitySchema } from "@/lib/settings/schemas.ts";

export const GET = apiRoute({
  role: "admin",
  handler: async ({ actor, params }) => getModality(actor.instanceId, idParam(params)),
});

export const PATCH = apiRoute({
  role: "admin",
  body: updateModalitySchema,
  handler: async ({ actor, body, params }) => updateModality(actor, idParam(params), body),
});

export const DELETE = apiRoute({
  role: "admin",
  handler: async ({ actor, params }) => deleteModality(actor, idParam(params)),
});
