// POST /api/lgpd/<instance>/request {"cpf": "…"} — records a deletion request. Auth: x-api-key (the instance's LGPD key).
// Optional `Idempotency-Key` header (the contract's `idempotency`): a retry with the same key and body replays the
// first answer (lib/idempotency).
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { LGPD_BODIES } from "@/lib/lgpd/server/http.ts";
import { requestDeletion } from "@/lib/lgpd/server/requests.ts";
import { log } from "@/lib/log.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ requestId, instanceId, body, idempotent }) =>
  idempotent.tx(async (tx) => {
    const { request: row, created } = await requestDeletion(instanceId, body.cpf, {}, tx);
    log.info("lgpd.requested", { request_id: requestId, lgpd_request_id: row.id, instance_id: instanceId, created });
    return { status: 200, body: LGPD_BODIES.received };
  }),
);
