// DELETE /api/admin/settings/users/<id>/sessions/<sessionId> — end one session of a user. Auth: admin.
import { revokeUserSession } from "@/lib/account/server/revoke-user-session.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const DELETE = apiRoute(contract.DELETE, async (ctx) =>
  revokeUserSession(ctx, { id: ctx.params.id, sessionId: ctx.params.sessionId }),
);
