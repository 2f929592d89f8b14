// GET /api/admin/settings/users — the instance's staff users (no password data). Auth: admin.
// POST /api/admin/settings/users — create one; without `password` one is generated and answered once. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createUser, listUsers } from "@/lib/settings/server/users.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => listUsers(actor.instanceId));

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  Response.json(await createUser(actor, body), { status: 201 }),
);
