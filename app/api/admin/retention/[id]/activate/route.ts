// POST /api/admin/retention/<id>/activate {confirm_count} — activate after the preview. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { activateRetentionRule } from "@/lib/retention/server/rules.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, params, body }) =>
  activateRetentionRule(actor, params.id, body.confirm_count),
);
