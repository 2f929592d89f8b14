// GET /api/lgpd/<instance>/status/<cpf> — the latest deletion request for the CPF. Auth: x-api-key (the instance's LGPD key).
import "@/lib/lgpd/server/http-dialect.ts"; // registers the LGPD API's dialect of apiRoute
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { LGPD_BODIES } from "@/lib/lgpd/server/http.ts";
import { describeDeletionRequest } from "@/lib/lgpd/server/describe-deletion-request.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const answer = await describeDeletionRequest(ctx, { cpf: ctx.params.cpf });
  return answer ?? Response.json(LGPD_BODIES.notFound, { status: 404 });
});
