// PUT/DELETE /api/admin/settings/tracking-page/logo — the tracking page's logo. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { removeTrackingLogo, setTrackingLogo } from "@/lib/tracking/server/page-settings.ts";
import * as contract from "./contract.ts";

export const PUT = apiRoute(contract.PUT, async (ctx) => setTrackingLogo(ctx, { request: ctx.request }));
export const DELETE = apiRoute(contract.DELETE, async (ctx) => removeTrackingLogo(ctx));
