// GET /api/admin/settings/modalities — modalities with calendars, holidays and document counts. Auth: admin.
// POST /api/admin/settings/modalities — create one (optionally with a calendar). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createModality, listModalities } from "@/lib/settings/server/modalities.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => listModalities(actor.instanceId));

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  Response.json(await createModality(actor, body), { status: 201 }),
);
