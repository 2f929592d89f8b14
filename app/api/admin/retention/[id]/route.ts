// DELETE /api/admin/retention/<id> — remove a retention rule. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteRetentionRule } from "@/lib/retention/server/delete-retention-rule.ts";
import * as contract from "./contract.ts";

export const DELETE = apiRoute(contract.DELETE, async (ctx) => deleteRetentionRule(ctx, { id: ctx.params.id }));
