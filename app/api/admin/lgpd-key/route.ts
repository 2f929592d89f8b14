// GET /api/admin/lgpd-key — the instance's LGPD key state (never the key), its URLs. Auth: admin session or token.
import { describeLgpdKey } from "@/lib/apis/lgpd-key-admin.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import { publicOrigin } from "@/lib/http/public-origin.ts";

export const GET = apiRoute({
  role: "admin",
  handler: async ({ actor, request }) => describeLgpdKey(actor.instanceId, publicOrigin(request)),
});
