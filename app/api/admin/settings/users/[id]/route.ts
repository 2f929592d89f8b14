// PATCH /api/admin/settings/users/<id> — name, role, disabled (disabling ends the user's sessions). An admin cannot
// demote or disable themselves, nor leave the instance without an enabled admin (409). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { updateUser } from "@/lib/settings/server/users.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async ({ actor, body, params }) => updateUser(actor, params.id, body));
