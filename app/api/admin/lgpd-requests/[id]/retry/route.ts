// POST /api/admin/lgpd-requests/<id>/retry {cpf} — back to pending when the re-typed CPF matches. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { retryLgpdRequest } from "@/lib/lgpd/server/retry-lgpd-request.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  retryLgpdRequest(ctx, { id: ctx.params.id, cpf: ctx.body.cpf }),
);
