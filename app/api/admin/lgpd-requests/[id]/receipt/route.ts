// GET /api/admin/lgpd-requests/<id>/receipt — the request's receipt as a JSON download. Auth: admin.
import { lgpdReceipt } from "@/lib/lgpd/server/admin-requests.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { notFound } from "@/lib/http/errors.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor, params }) => {
  const { id } = params;
  const receipt = await lgpdReceipt(actor.instanceId, id);
  if (!receipt) throw notFound("Request not found");
  return new Response(`${JSON.stringify(receipt, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="lgpd-receipt-${id}.json"`,
      "cache-control": "no-store",
    },
  });
});
