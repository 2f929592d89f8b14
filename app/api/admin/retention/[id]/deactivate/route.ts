// POST /api/admin/retention/<id>/deactivate — Deactivate a retention rule (a run in progress stops at its next batch). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deactivateRetentionRule } from "@/lib/retention/server/deactivate-retention-rule.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => deactivateRetentionRule(ctx, { id: ctx.params.id }));
