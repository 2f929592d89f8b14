// GET /api/admin/webhooks — the instance's webhook endpoints with their last deliveries; POST registers one (its
// signing secret is in the answer, shown once). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createWebhook } from "@/lib/webhooks/server/create-webhook.ts";
import { listWebhooks } from "@/lib/webhooks/server/list-webhooks.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => listWebhooks(ctx));

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await createWebhook(ctx, ctx.body), { status: 201, headers: { "cache-control": "no-store" } }),
);
