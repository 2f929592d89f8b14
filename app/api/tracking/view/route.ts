// POST /api/tracking/view — the tracking page opened from an e-mail link (or refreshed): {token} → the view.
// No auth; an invalid or expired token answers the lookup's 404.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { trackingView } from "@/lib/tracking/server/view.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ body }) => trackingView(body.token));
