// GET/POST /api/admin/lgpd-holds — legal holds (LGPD Art. 16 I). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createLegalHold } from "@/lib/lgpd/server/create-legal-hold.ts";
import { listLegalHolds } from "@/lib/lgpd/server/list-legal-holds.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => listLegalHolds(ctx));

export const POST = apiRoute(contract.POST, async (ctx) => createLegalHold(ctx, ctx.body));
