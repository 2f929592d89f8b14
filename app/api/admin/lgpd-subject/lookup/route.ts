// POST /api/admin/lgpd-subject/lookup {cpf} — the data-subject page's lookup. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { lookUpSubject } from "@/lib/lgpd/server/look-up-subject.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => lookUpSubject(ctx, ctx.body));
