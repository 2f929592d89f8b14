// GET /api/tracking/logo/{instance} — the tracking page's logo. Public.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { readTrackingLogo } from "@/lib/tracking/server/page-settings.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const logo = await readTrackingLogo(ctx, { instanceId: ctx.params.instance });
  return new Response(logo.bytes, {
    headers: {
      "content-type": logo.mediaType,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
      "cache-control": "public, max-age=86400",
      etag: `"${logo.sha256.slice(0, 32)}"`,
    },
  });
});
