// GET /api/admin/tokens — the instance's document-API tokens (no secrets); POST creates one (secret shown once).
// Auth: admin session or token.
import { createInstanceApiToken } from "@/lib/apis/server/create-instance-api-token.ts";
import { listInstanceApiTokens } from "@/lib/apis/server/list-instance-api-tokens.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => ({
  items: await listInstanceApiTokens(ctx),
}));

export const POST = apiRoute(contract.POST, async (ctx) => {
  const created = await createInstanceApiToken(ctx, ctx.body);
  return Response.json(created, { status: 201, headers: { "cache-control": "no-store" } });
});
