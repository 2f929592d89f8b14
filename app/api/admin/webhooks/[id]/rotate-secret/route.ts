// POST /api/admin/webhooks/<id>/rotate-secret {overlap_hours?} — a new signing secret, shown once. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { rotateWebhookSecret } from "@/lib/webhooks/server/rotate-webhook-secret.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await rotateWebhookSecret(ctx, { id: ctx.params.id, ...ctx.body }), {
    headers: { "cache-control": "no-store" },
  }),
);
