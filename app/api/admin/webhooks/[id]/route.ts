// PATCH /api/admin/webhooks/<id> {url?, events?, enabled?} — change, disable or re-enable an endpoint;
// DELETE removes it with its deliveries. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteWebhook } from "@/lib/webhooks/server/delete-webhook.ts";
import { updateWebhook } from "@/lib/webhooks/server/update-webhook.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async (ctx) =>
  updateWebhook(ctx, { id: ctx.params.id, changes: ctx.body }),
);

export const DELETE = apiRoute(contract.DELETE, async (ctx) => deleteWebhook(ctx, { id: ctx.params.id }));
