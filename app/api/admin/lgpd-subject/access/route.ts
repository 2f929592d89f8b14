// POST /api/admin/lgpd-subject/access {cpf} — an access request entered by staff. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { requestAccessByStaff } from "@/lib/lgpd/server/request-access-by-staff.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => requestAccessByStaff(ctx, ctx.body));
