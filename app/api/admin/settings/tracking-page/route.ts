// GET/PUT /api/admin/settings/tracking-page — the tracking page's company settings. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { getTrackingPageSettings, updateTrackingPageSettings } from "@/lib/tracking/server/page-settings.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => getTrackingPageSettings(ctx));
export const PUT = apiRoute(contract.PUT, async (ctx) => updateTrackingPageSettings(ctx, ctx.body));
