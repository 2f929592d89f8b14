// GET /api/admin/lgpd-requests/<id>/receipt — the request's receipt as a JSON download. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { loadLgpdReceipt } from "@/lib/lgpd/server/load-lgpd-receipt.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const receipt = await loadLgpdReceipt(ctx, { id: ctx.params.id });
  return new Response(`${JSON.stringify(receipt, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="lgpd-receipt-${receipt.request_id}.json"`,
      "cache-control": "no-store",
    },
  });
});
