// GET/POST /api/admin/retention — list the retention rules, create one (inactive). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createRetentionRule } from "@/lib/retention/server/create-retention-rule.ts";
import { listRetentionRules } from "@/lib/retention/server/list-retention-rules.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => listRetentionRules(ctx));

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await createRetentionRule(ctx, ctx.body), { status: 201, headers: { "cache-control": "no-store" } }),
);
