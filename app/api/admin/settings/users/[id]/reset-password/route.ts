// POST /api/admin/settings/users/<id>/reset-password — body `{}`; answers a new generated password once and ends
// the user's sessions. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { resetUserPassword } from "@/lib/settings/server/reset-user-password.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => resetUserPassword(ctx, { id: ctx.params.id }));
