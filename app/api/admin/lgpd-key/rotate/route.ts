// POST /api/admin/lgpd-key/rotate — generates or replaces the LGPD key; the answer holds it once. Auth: admin.
import { rotateInstanceLgpdKey } from "@/lib/apis/server/lgpd-key-admin.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { publicOrigin } from "@/lib/http/public-origin.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, request }) => {
  const result = await rotateInstanceLgpdKey(actor, publicOrigin(request), body);
  return Response.json(result, { headers: { "cache-control": "no-store" } });
});
