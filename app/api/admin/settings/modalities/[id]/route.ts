// GET /api/admin/settings/modalities/<id> — one modality with its calendar and holidays. Auth: admin.
// PATCH /api/admin/settings/modalities/<id> — identifier, time_zone, working_hours (null = plain hours). Auth: admin.
// DELETE /api/admin/settings/modalities/<id> — 409 while documents use it. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteModality } from "@/lib/settings/server/delete-modality.ts";
import { getModality } from "@/lib/settings/server/get-modality.ts";
import { updateModality } from "@/lib/settings/server/update-modality.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => getModality(ctx, { id: ctx.params.id }));

export const PATCH = apiRoute(contract.PATCH, async (ctx) =>
  updateModality(ctx, { id: ctx.params.id, changes: ctx.body }),
);

export const DELETE = apiRoute(contract.DELETE, async (ctx) => deleteModality(ctx, { id: ctx.params.id }));
