// GET /api/admin/settings/users/<id>/sessions — a user's live sessions. Auth: admin.
import { listUserSessions } from "@/lib/account/server/list-user-sessions.ts";
import { currentStaffSessionId } from "@/lib/auth/server/session-actor.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) =>
  listUserSessions(ctx, { id: ctx.params.id, currentSessionId: await currentStaffSessionId() }),
);
