// POST /api/auth/password-reset/confirm — {token, password}: the reset link's new password. No auth.
import { resetPasswordWithToken } from "@/lib/account/server/reset-password-with-token.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => resetPasswordWithToken(ctx, ctx.body));
