// GET /api/admin/webhooks/deliveries/<id> — one delivery's payload and answer (audited). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { webhookDeliveryDetail } from "@/lib/webhooks/server/admin.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor, params }) => webhookDeliveryDetail(actor, params.id));
