// POST /api/auth/password-reset — {email} → {"status":"ok"} whether or not the account exists. No auth.
import { requestPasswordReset } from "@/lib/account/server/request-password-reset.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => requestPasswordReset(ctx, ctx.body));
