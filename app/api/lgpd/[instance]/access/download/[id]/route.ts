// GET /api/lgpd/<instance>/access/download/<id>?expires=…&sig=… — an access package. Auth: the signed link itself.
import { notFound } from "@/lib/http/errors.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { downloadAccessPackage } from "@/lib/lgpd/server/access-download.ts";
import { safeDecode } from "@/lib/lgpd/server/http.ts";
import { ACCESS_LINK_GONE, ZAccessDownloadQuery } from "@/lib/lgpd/schemas.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const query = ZAccessDownloadQuery.safeParse(Object.fromEntries(new URL(ctx.request.url).searchParams));
  if (!query.success) throw notFound(ACCESS_LINK_GONE);
  const found = await downloadAccessPackage(ctx, {
    instanceSlug: safeDecode(ctx.params.instance),
    id: ctx.params.id,
    link: query.data,
  });
  if (!found) throw notFound(ACCESS_LINK_GONE);
  return new Response(new Uint8Array(found.bytes), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${found.fileName}"`,
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  });
});
