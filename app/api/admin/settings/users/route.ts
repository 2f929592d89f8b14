// GET /api/admin/settings/users — the instance's staff users (no password data). Auth: admin.
// POST /api/admin/settings/users — create one; without `password` one is generated and answered once. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createUser } from "@/lib/settings/server/create-user.ts";
import { listUsers } from "@/lib/settings/server/list-users.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => listUsers(ctx));

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await createUser(ctx, ctx.body), { status: 201 }),
);
