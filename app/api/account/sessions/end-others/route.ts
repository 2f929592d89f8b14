// POST /api/account/sessions/end-others — body `{}`: every session of the account but this one ends.
import { endOtherSessions } from "@/lib/account/server/end-other-sessions.ts";
import { currentStaffSessionId } from "@/lib/auth/server/session-actor.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  endOtherSessions(ctx, { currentSessionId: await currentStaffSessionId() }),
);
