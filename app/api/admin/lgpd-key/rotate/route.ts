// POST /api/admin/lgpd-key/rotate — generates or replaces the LGPD key; the answer holds it once. Auth: admin.
import { rotateInstanceLgpdKey } from "@/lib/apis/server/rotate-instance-lgpd-key.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { publicOrigin } from "@/lib/http/public-origin.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => {
  const result = await rotateInstanceLgpdKey(ctx, { origin: publicOrigin(ctx.request), ...ctx.body });
  return Response.json(result, { headers: { "cache-control": "no-store" } });
});
