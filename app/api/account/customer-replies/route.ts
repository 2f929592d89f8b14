// GET /api/account/customer-replies — the header's count of customer replies waiting for the caller. Auth: viewer+.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { countCustomerReplies } from "@/lib/tracking/server/count-customer-replies.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => countCustomerReplies(ctx));
