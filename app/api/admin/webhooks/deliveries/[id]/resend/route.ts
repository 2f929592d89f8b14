// POST /api/admin/webhooks/deliveries/<id>/resend — queue a delivery again, by hand (a new copy). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { resendDelivery } from "@/lib/webhooks/server/admin.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, params }) => resendDelivery(actor, params.id));
