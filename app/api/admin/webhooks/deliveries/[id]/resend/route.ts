// POST /api/admin/webhooks/deliveries/<id>/resend — queue a delivery again, by hand (a new copy). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { resendWebhookDelivery } from "@/lib/webhooks/server/resend-webhook-delivery.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => resendWebhookDelivery(ctx, { id: ctx.params.id }));
