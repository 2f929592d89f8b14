// GET /api/admin/lgpd-access/<id>/download — an access package for staff; each download audited. Auth: admin.
import { notFound } from "@/lib/http/errors.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { downloadAccessPackageByStaff } from "@/lib/lgpd/server/download-access-package-by-staff.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const found = await downloadAccessPackageByStaff(ctx, { id: ctx.params.id });
  if (!found) throw notFound("Package not found or expired");
  return new Response(new Uint8Array(found.bytes), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${found.fileName}"`,
      "cache-control": "no-store",
    },
  });
});
