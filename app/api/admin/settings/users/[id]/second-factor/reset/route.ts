// POST /api/admin/settings/users/<id>/second-factor/reset — body `{}`: the user's factor goes (audited). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { resetUserSecondFactor } from "@/lib/settings/server/reset-user-second-factor.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => resetUserSecondFactor(ctx, { id: ctx.params.id }));
