// GET, PATCH /api/account — "Minha conta": one's own name and language. Auth: a person (session or sign-in token).
import { loadAccount } from "@/lib/account/server/load-account.ts";
import { updateAccount } from "@/lib/account/server/update-account.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => loadAccount(ctx));
export const PATCH = apiRoute(contract.PATCH, async (ctx) => updateAccount(ctx, ctx.body));
