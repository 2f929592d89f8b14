// POST /api/lgpd/<instance>/access {"cpf": "…"} — records an access request. Auth: x-api-key (the instance's LGPD key).
// Optional `Idempotency-Key` header (the contract's `idempotency`), as the deletion request.
import "@/lib/lgpd/server/http-dialect.ts"; // registers the LGPD API's dialect of apiRoute
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { LGPD_BODIES } from "@/lib/lgpd/server/http.ts";
import { requestAccess } from "@/lib/lgpd/server/request-access.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  ctx.idempotent.tx(async (tx) => {
    await requestAccess(ctx, ctx.body, tx);
    return { status: 200, body: LGPD_BODIES.received };
  }),
);
