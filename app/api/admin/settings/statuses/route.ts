// GET /api/admin/settings/statuses — statuses with transitions and how many documents are in each. Auth: admin.
// POST /api/admin/settings/statuses — create one (with its allowed transitions). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createStatus, listStatuses } from "@/lib/settings/server/statuses.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => listStatuses(actor.instanceId));

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  Response.json(await createStatus(actor, body), { status: 201 }),
);
