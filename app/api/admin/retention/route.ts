// GET/POST /api/admin/retention — list the retention rules, create one (inactive). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createRetentionRule, listRetentionRules } from "@/lib/retention/server/rules.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => listRetentionRules(actor));

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  Response.json(await createRetentionRule(actor, body), { status: 201, headers: { "cache-control": "no-store" } }),
);
