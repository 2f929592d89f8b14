// GET /api/admin/settings/sso — the instance's single sign-on settings (secret as a hint). Auth: admin.
// PUT /api/admin/settings/sso {enabled, issuer_url, client_id, client_secret?, …} — replaces them (audited). Auth: admin.
import { loadSsoSettings } from "@/lib/sso/server/load-sso-settings.ts";
import { saveSsoSettings } from "@/lib/sso/server/save-sso-settings.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, (ctx) => loadSsoSettings(ctx));

export const PUT = apiRoute(contract.PUT, (ctx) => saveSsoSettings(ctx, ctx.body));
