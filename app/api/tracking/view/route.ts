// POST /api/tracking/view — the tracking page opened from an e-mail link (or refreshed): {token} → the view.
// No auth; an invalid or expired token answers the lookup's 404.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { viewTrackedDocument } from "@/lib/tracking/server/view-tracked-document.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => viewTrackedDocument(ctx, ctx.body));
