// POST /api/modality/loadAll — the instance's modalities with their SLA calendars. Auth: viewer+.
import { loadAllModalities } from "@/lib/catalog/server/load-all-modalities.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => loadAllModalities(ctx));
