// GET /api/admin/tokens — the instance's document-API tokens (no secrets); POST creates one (secret shown once).
// Auth: admin session or token.
import { createInstanceApiToken, listInstanceApiTokens, ZCreateApiTokenBody } from "@/lib/apis/api-token-admin.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const GET = apiRoute({
  role: "admin",
  handler: async ({ actor }) => ({ items: await listInstanceApiTokens(actor.instanceId) }),
});

export const POST = apiRoute({
  role: "admin",
  body: ZCreateApiTokenBody,
  handler: async ({ actor, body }) => {
    const created = await createInstanceApiToken(actor, body);
    return Response.json(created, { status: 201, headers: { "cache-control": "no-store" } });
  },
});
