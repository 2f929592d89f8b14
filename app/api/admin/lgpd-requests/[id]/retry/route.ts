// POST /api/admin/lgpd-requests/<id>/retry {cpf} — back to pending when the re-typed CPF matches. Auth: admin.
import { retryLgpdRequest } from "@/lib/lgpd/server/admin-requests.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, params }) =>
  retryLgpdRequest(actor, params.id, body.cpf),
);
