// PATCH /api/admin/webhooks/<id> {url?, events?, enabled?} — change, disable or re-enable an endpoint;
// DELETE removes it with its deliveries. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/server/admin.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async ({ actor, body, params }) => updateWebhook(actor, params.id, body));

export const DELETE = apiRoute(contract.DELETE, async ({ actor, params }) => deleteWebhook(actor, params.id));
