// POST /api/admin/webhooks/<id>/test — queue a test event for the endpoint. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { sendWebhookTest } from "@/lib/webhooks/server/send-webhook-test.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await sendWebhookTest(ctx, { id: ctx.params.id }), { status: 201 }),
);
