// POST /api/admin/lgpd-key/rotate — generates or replaces the LGPD key; the answer holds it once. Auth: admin.
import { z } from "zod";
import { rotateInstanceLgpdKey } from "@/lib/apis/lgpd-key-admin.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import { publicOrigin } from "@/lib/http/public-origin.ts";

export const POST = apiRoute({
  role: "admin",
  body: z.object({}).strict(),
  handler: async ({ actor, request }) => {
    const result = await rotateInstanceLgpdKey(actor, publicOrigin(request));
    return Response.json(result, { headers: { "cache-control": "no-store" } });
  },
});
