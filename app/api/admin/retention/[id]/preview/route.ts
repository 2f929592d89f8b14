// GET /api/admin/retention/<id>/preview — counts a rule would take now. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { previewRetentionRule } from "@/lib/retention/server/preview-retention-rule.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => previewRetentionRule(ctx, { id: ctx.params.id }));
