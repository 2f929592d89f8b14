// POST /api/admin/lgpd-subject/lookup {cpf} — the data-subject page's lookup. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { subjectOverview } from "@/lib/lgpd/server/subject-admin.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body }) => subjectOverview(actor, body.cpf));
