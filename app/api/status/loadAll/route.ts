// POST /api/status/loadAll — the instance's statuses with category and allowed transitions. Auth: viewer+.
import { loadAllStatuses } from "@/lib/catalog/server/load-all-statuses.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => loadAllStatuses(ctx));
