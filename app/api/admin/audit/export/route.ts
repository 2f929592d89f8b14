// POST /api/admin/audit/export — the filtered audit rows as CSV. Auth: admin.
import { exportAuditCsv } from "@/lib/audit/server/export-audit-csv.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => {
  const { csv, count } = await exportAuditCsv(ctx, ctx.body);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="auditoria.csv"`,
      "cache-control": "no-store",
      "x-total-count": String(count),
    },
  });
});
