// GET /api/admin/webhooks/deliveries/<id> — one delivery's payload and answer (audited). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { loadWebhookDelivery } from "@/lib/webhooks/server/load-webhook-delivery.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => loadWebhookDelivery(ctx, { id: ctx.params.id }));
