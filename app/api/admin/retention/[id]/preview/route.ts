// GET /api/admin/retention/<id>/preview — counts a rule would take now. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { previewRetentionRule } from "@/lib/retention/server/rules.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor, params }) => previewRetentionRule(actor, params.id));
