// POST /api/admin/audit/search — the audit trail page's rows. Auth: admin.
import { searchAudit } from "@/lib/audit/server/search-audit.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => searchAudit(ctx, ctx.body));
