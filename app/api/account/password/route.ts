// POST /api/account/password — {current_password, new_password}. Auth: a person (session or sign-in token).
import { changeOwnPassword } from "@/lib/account/server/change-own-password.ts";
import { currentStaffSessionId } from "@/lib/auth/server/session-actor.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  changeOwnPassword(ctx, { ...ctx.body, currentSessionId: await currentStaffSessionId() }),
);
