// POST /api/admin/webhooks/<id>/rotate-secret {overlap_hours?} — a new signing secret, shown once. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { rotateWebhookSecret } from "@/lib/webhooks/server/admin.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, params }) =>
  Response.json(await rotateWebhookSecret(actor, params.id, body), { headers: { "cache-control": "no-store" } }),
);
