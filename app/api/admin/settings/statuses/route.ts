// GET /api/admin/settings/statuses — statuses with transitions and how many documents are in each. Auth: admin.
// POST /api/admin/settings/statuses — create one (with its allowed transitions). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createStatus } from "@/lib/settings/server/create-status.ts";
import { listStatuses } from "@/lib/settings/server/list-statuses.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => listStatuses(ctx));

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await createStatus(ctx, ctx.body), { status: 201 }),
);
