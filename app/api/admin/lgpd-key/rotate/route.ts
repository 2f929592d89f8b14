// POST /api/admin/lgpd-key/rotate — generates or replaces the LGPD key; the answer holds it once. Auth: admin.
import { rotateInstanceLgpdKey } from "@/lib/apis/lgpd-key-admin.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";
import { publicOrigin } from "@/lib/http/public-origin.ts";

export const POST = apiRoute({
  role: "admin",
  body: noParametersSchema,
  handler: async ({ actor, request }) => {
    const result = await rotateInstanceLgpdKey(actor, publicOrigin(request));
    return Response.json(result, { headers: { "cache-control": "no-store" } });
  },
});
