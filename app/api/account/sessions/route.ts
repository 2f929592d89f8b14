// GET /api/account/sessions — one's live browser sessions. Auth: a person (session or sign-in token).
import { listOwnSessions } from "@/lib/account/server/list-own-sessions.ts";
import { currentStaffSessionId } from "@/lib/auth/server/session-actor.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) =>
  listOwnSessions(ctx, { currentSessionId: await currentStaffSessionId() }),
);
