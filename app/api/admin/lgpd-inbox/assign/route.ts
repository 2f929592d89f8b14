// POST /api/admin/lgpd-inbox/assign {kind, id, assignee_id} — who in the team answers an LGPD request; audited.
// Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { assignLgpdRequest } from "@/lib/lgpd/server/assign-lgpd-request.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => assignLgpdRequest(ctx, ctx.body));
