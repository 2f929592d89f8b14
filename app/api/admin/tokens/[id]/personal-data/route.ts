// POST /api/admin/tokens/<id>/personal-data {clear} — the token's clear-data setting. Auth: admin.
import { setTokenPersonalData } from "@/lib/apis/server/set-token-personal-data.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  setTokenPersonalData(ctx, { id: ctx.params.id, clear: ctx.body.clear }),
);
