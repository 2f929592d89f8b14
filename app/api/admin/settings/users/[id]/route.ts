// PATCH /api/admin/settings/users/<id> — name, role, disabled (disabling ends the user's sessions). An admin cannot
// demote or disable themselves, nor leave the instance without an enabled admin (409). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { updateUser } from "@/lib/settings/server/update-user.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async (ctx) => updateUser(ctx, { id: ctx.params.id, changes: ctx.body }));
