// GET /api/admin/settings/modalities — modalities with calendars, holidays and document counts. Auth: admin.
// POST /api/admin/settings/modalities — create one (optionally with a calendar). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createModality } from "@/lib/settings/server/create-modality.ts";
import { listModalities } from "@/lib/settings/server/list-modalities.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => listModalities(ctx));

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await createModality(ctx, ctx.body), { status: 201 }),
);
