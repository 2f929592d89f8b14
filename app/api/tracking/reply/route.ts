// POST /api/tracking/reply — the customer's reply from the tracking page. No auth beyond the token in the body.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { replyFromCustomer } from "@/lib/tracking/server/reply-from-customer.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await replyFromCustomer(ctx, ctx.body), { status: 201 }),
);
