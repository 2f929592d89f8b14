// POST /api/admin/retention/<id>/activate {confirm_count} — activate after the preview. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { activateRetentionRule } from "@/lib/retention/server/activate-retention-rule.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  activateRetentionRule(ctx, { id: ctx.params.id, confirmCount: ctx.body.confirm_count }),
);
