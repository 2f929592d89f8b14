// POST /api/lgpd/<instance>/request {"cpf": "…"} — records a deletion request. Auth: x-api-key (the instance's LGPD key).
// Optional `Idempotency-Key` header (the contract's `idempotency`): a retry with the same key and body replays the
// first answer (lib/idempotency).
import "@/lib/lgpd/server/http-dialect.ts"; // registers the LGPD API's dialect of apiRoute
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { LGPD_BODIES } from "@/lib/lgpd/server/http.ts";
import { requestDeletion } from "@/lib/lgpd/server/request-deletion.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  ctx.idempotent.tx(async (tx) => {
    await requestDeletion(ctx, ctx.body, tx);
    return { status: 200, body: LGPD_BODIES.received };
  }),
);
