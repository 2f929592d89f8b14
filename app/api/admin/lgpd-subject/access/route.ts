// POST /api/admin/lgpd-subject/access {cpf} — an access request entered by staff. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { requestAccessByStaff } from "@/lib/lgpd/server/subject-admin.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body }) => requestAccessByStaff(actor, body.cpf, body));
