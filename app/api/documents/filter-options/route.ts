// POST /api/documents/filter-options — categories, statuses (with colours), products (with columns) and modalities
// for the documents filter bar, and the users by name ("Responsável"), in one call. Auth: viewer+.
import { loadFilterOptions } from "@/lib/documents/server/load-filter-options.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, (ctx) => loadFilterOptions(ctx));
