// GET /api/admin/settings/modalities/<id> — one modality with its calendar and holidays. Auth: admin.
// PATCH /api/admin/settings/modalities/<id> — identifier, time_zone, working_hours (null = plain hours). Auth: admin.
// DELETE /api/admin/settings/modalities/<id> — 409 while documents use it. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteModality, getModality, updateModality } from "@/lib/settings/server/modalities.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor, params }) => getModality(actor.instanceId, params.id));

export const PATCH = apiRoute(contract.PATCH, async ({ actor, body, params }) =>
  updateModality(actor, params.id, body),
);

export const DELETE = apiRoute(contract.DELETE, async ({ actor, params }) => deleteModality(actor, params.id));
