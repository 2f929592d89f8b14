// GET /api/admin/webhooks — the instance's webhook endpoints with their last deliveries; POST registers one (its
// signing secret is in the answer, shown once). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createWebhook, listWebhooks } from "@/lib/webhooks/server/admin.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => ({ items: await listWebhooks(actor.instanceId) }));

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  Response.json(await createWebhook(actor, body), { status: 201, headers: { "cache-control": "no-store" } }),
);
