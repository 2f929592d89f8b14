// POST /api/status/loadAll — the instance's statuses with category and allowed transitions. Auth: viewer+.
import { loadAllStatuses } from "@/lib/catalog/load-all.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor }) => loadAllStatuses(actor.instanceId));
