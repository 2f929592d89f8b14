// POST /api/admin/retention/<id>/run — Run an active retention rule now instead of at the next run hour (the worker takes it at its next poll). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { runRetentionRuleNow } from "@/lib/retention/server/run-retention-rule-now.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => runRetentionRuleNow(ctx, { id: ctx.params.id }));
