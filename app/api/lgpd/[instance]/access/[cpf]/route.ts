// GET /api/lgpd/<instance>/access/<cpf> — the latest access request for the CPF. Auth: x-api-key (the instance's LGPD key).
import "@/lib/lgpd/server/http-dialect.ts"; // registers the LGPD API's dialect of apiRoute
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { publicOrigin } from "@/lib/http/public-origin.ts";
import { describeAccessRequest } from "@/lib/lgpd/server/describe-access-request.ts";
import { LGPD_BODIES } from "@/lib/lgpd/server/http.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const { params, request } = ctx;
  const answer = await describeAccessRequest(ctx, {
    cpf: params.cpf,
    instanceSlug: params.instance,
    origin: publicOrigin(request),
  });
  return answer ?? Response.json(LGPD_BODIES.notFound, { status: 404 });
});
