// POST /api/admin/lgpd-subject/deletion {cpf} — a deletion request entered by staff. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { requestDeletionByStaff } from "@/lib/lgpd/server/request-deletion-by-staff.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => requestDeletionByStaff(ctx, ctx.body));
