// GET /api/admin/lgpd-key — the instance's LGPD key state (never the key), its URLs. Auth: admin session or token.
import { describeLgpdKey } from "@/lib/apis/server/describe-lgpd-key.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { publicOrigin } from "@/lib/http/public-origin.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => describeLgpdKey(ctx, { origin: publicOrigin(ctx.request) }));
