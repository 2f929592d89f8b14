// GET /api/admin/tokens — the instance's document-API tokens (no secrets); POST creates one (secret shown once).
// Auth: admin session or token.
import { createInstanceApiToken, listInstanceApiTokens } from "@/lib/apis/server/api-token-admin.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => ({
  items: await listInstanceApiTokens(actor.instanceId),
}));

export const POST = apiRoute(contract.POST, async ({ actor, body }) => {
  const created = await createInstanceApiToken(actor, body);
  return Response.json(created, { status: 201, headers: { "cache-control": "no-store" } });
});
