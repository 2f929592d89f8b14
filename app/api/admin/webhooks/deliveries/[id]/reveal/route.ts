// POST /api/admin/webhooks/deliveries/<id>/reveal — one delivery's payload in clear (audited). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { revealWebhookDelivery } from "@/lib/webhooks/server/reveal-webhook-delivery.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => revealWebhookDelivery(ctx, { id: ctx.params.id }));
